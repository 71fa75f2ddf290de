// The subset of autocannon's API that bench/run.ts uses (the package ships no types).
declare module 'autocannon' {
  type Histogram = { average: number; mean: number; stddev: number; min: number; max: number; p50: number; p90: number; p99: number }
  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer }
  type Options = {
    url: string
    method?: string
    headers?: Record<string, string>
    body?: string | Buffer
    connections?: number
    duration?: number
    /** Stop after this many requests instead of after `duration`. */
    amount?: number
    /** Requests per second across all connections, instead of as many as are answered. */
    overallRate?: number
    requests?: (Request & { setupRequest?: (request: Request, context: object) => Request })[]
  }
  export type Result = {
    requests: Histogram & { total: number; sent: number }
    latency: Histogram
    throughput: Histogram & { total: number }
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    statusCodeStats: Record<string, { count: number }>
  }
  /** A run started with a callback: it reports each answer as it comes. */
  type Instance = {
    /** `responseTime`: that answer's time in ms, with fractions (the summary's percentiles are whole ms). */
    on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): Instance
  }
  function autocannon(options: Options): Promise<Result>
  function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance
  export default autocannon
}
