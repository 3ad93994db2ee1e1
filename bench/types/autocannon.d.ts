// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Histogram = {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    total: number
    p50: number
    p90: number
    p99: number
  }
  export type Result = {
    requests: Histogram
    latency: Histogram
    throughput: Histogram
    errors: number
    timeouts: number
    non2xx: number
    duration: number
    '2xx': number
  }
  export type Options = {
    url: string
    connections?: number
    duration?: number
    amount?: number
    pipelining?: number
    headers?: Record<string, string>
    timeout?: number
    /** Requests each connection sends in turn, from the first again after the last. */
    requests?: Request[]
  }
  export type Request = {
    path?: string
    method?: string
    /** Makes the request anew each time it is sent (else it is built once per connection). */
    setupRequest?: (request: Request) => Request
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
