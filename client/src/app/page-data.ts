// How a page tells the server render what data it needs: a route loader that fills the render's
// query cache with exactly the queries the page's hooks read (same query-option factories, so the
// keys cannot drift), before the page renders. The browser keeps fetching through the hooks.
import type { DataTag, FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import { data, type Params } from 'react-router'
import { ApiError } from '../lib/api-client'

/**
 * What a query factory returns (queryOptions()), as far as loaders look at it: the key carries the
 * data's type. TanStack's own option types reject a specific query where a general one is expected
 * (its callbacks take the specific key), so the options are handed on as they are.
 */
export type PageQuery<T> = { queryKey: DataTag<QueryKey, T, Error> }
const fetchOptions = <T>(query: PageQuery<T>) => ({ ...(query as unknown as FetchQueryOptions<T>), gcTime: Infinity })

// A malformed id (400) and an unknown or unpublished one (404) both mean there is no such page.
const MISSING_CODES = [400, 404]

/** The answer that makes the route a 404 with the site's not-found page. */
export function notFound(): never {
  throw data(null, { status: 404, statusText: 'Not Found' })
}

/** The render's query cache, as loaders use it. */
export class PageQueries {
  constructor(private readonly client: QueryClient) {}

  /**
   * Loads what the page can show without: a failure shows in place (as in the browser) and the
   * browser asks again. Kept until the render ends, whatever gcTime the hooks ask for later.
   */
  prefetch(...queries: PageQuery<unknown>[]): Promise<unknown> {
    return Promise.all(queries.map((query) => this.client.prefetchQuery(fetchOptions(query))))
  }

  /** What a loaded query holds, or undefined when it failed. */
  data<T>(query: PageQuery<T>): T | undefined {
    return this.client.getQueryData(query.queryKey)
  }

  /** Loads what the page is about: when the action answers 404 (or 400), so does the page. */
  async require<T>(query: PageQuery<T>): Promise<T> {
    try {
      return await this.client.fetchQuery(fetchOptions(query))
    } catch (error) {
      if (error instanceof ApiError && MISSING_CODES.includes(error.code)) notFound()
      throw error
    }
  }
}

export type PageDataArgs = { params: Params; url: URL; queries: PageQueries }

/** A page module's `loader`: awaits what the page shows; never returns data of its own. */
export type PageLoader = (args: PageDataArgs) => Promise<unknown>
