/** The part of autocannon's API the load generator uses (the package ships no types). */
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    non2xx: number;
    /** Answers counted by status code. */
    statusCodeStats: Record<string, { count: number }>;
  }
  interface RequestSpec {
    method?: 'GET' | 'POST' | 'PUT';
    path?: string;
    body?: string;
    setupRequest?: (req: { path: string; body?: string }, context: Record<string, unknown>) => { path: string; body?: string };
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    requests?: RequestSpec[];
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
