// The contract between the server's page renderer (server/http/render.ts) and the client's server
// entry (client/src/entry-server.tsx, built into client/dist/.ssr/): declared once, here, so the two
// sides cannot drift apart.

/** How the app reaches the API: a path and a payload in, the {code, msg, data} envelope out. */
export type Transport = (path: string, payload: object, signal?: AbortSignal) => Promise<unknown>

export type RenderRequest = {
  /** Path and query as asked (`/course/detail/3?x=1`). */
  url: string
  /** The site's origin for canonical links: PUBLIC_URL (server/lib/site-origin.ts), never the request's Host. */
  origin: string
  /**
   * Rendered for a valid preview link of this page's item (server/lib/preview-grant.ts): the page
   * shows the preview banner and asks search engines not to index it.
   */
  isPreview?: boolean
}

export type RenderOutcome =
  /** The page: its status, the app's HTML, the head tags, the data for the browser and the pages matched (for their assets). */
  | { kind: 'page'; status: number; html: string; head: string; data: string; pages: string[] }
  /** A route the browser renders alone (the staff console): answer the bare index.html. */
  | { kind: 'shell' }
  | { kind: 'redirect'; status: number; location: string }
  /** A loader or the render failed: the server answers its own 500 page and logs `error`. */
  | { kind: 'failed'; error: unknown }

/** What the built server entry exports. */
export type ServerEntry = {
  createRenderer: (transport: Transport) => (request: RenderRequest) => Promise<RenderOutcome>
  SERVER_DATA_ID: string
}
