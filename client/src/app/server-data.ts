import type { DehydratedState } from '@tanstack/react-query'

/** The id of the <script type="application/json"> the server render leaves its data in. */
export const SERVER_DATA_ID = 'server-data'

/** A route error as the server sends it; isRouteErrorResponse() accepts it as it is. */
export type RouteErrorData = { status: number; statusText: string; internal: boolean; data: unknown }

/** What the browser needs to take over a server-rendered page. */
export type ServerData = {
  /** The site's origin the server wrote canonical links with. */
  origin: string
  /** The render's query cache: the first render in the browser reads it instead of fetching. */
  queries: DehydratedState
  /** Route errors of the render (a 404), by route id, so the same error page hydrates. */
  errors: Record<string, RouteErrorData> | null
  /** Rendered for a preview link (common/render-contract.ts RenderRequest): the browser keeps the banner. */
  isPreview?: boolean
}
