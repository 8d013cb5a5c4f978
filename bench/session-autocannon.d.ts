/** The part of autocannon's programmatic API bench/session-load.ts uses (it ships no types). */
declare module 'autocannon' {
  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface AutocannonOptions {
    url: string;
    connections: number;
    duration: number;
    requests?: {
      method?: string;
      headers?: Record<string, string>;
      /** Called before each request with the connection's own context object. */
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each caller's own context
      setupRequest?: (request: AutocannonRequest, context: any) => AutocannonRequest;
    }[];
  }
  interface AutocannonResult {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
    statusCodeStats?: Record<string, { count: number }>;
  }
  export default function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
}
