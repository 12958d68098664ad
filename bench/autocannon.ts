// autocannon ships no types: this is the part of its API the benchmarks use.
import { createRequire } from "node:module";

export interface RawRequest {
  headers?: Record<string, string>;
  body?: string;
}

export interface Histogram {
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export type Autocannon = (options: {
  url: string;
  connections: number;
  amount: number;
  overallRate?: number;
  requests: Array<{ method: string; path?: string; setupRequest(request: RawRequest): RawRequest }>;
}) => Promise<{ requests: { total: number }; latency: Histogram; duration: number; non2xx: number; errors: number }> & {
  /** The result's duration is counted in whole seconds. */
  on(event: "response", listener: () => void): unknown;
};

export const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;
