import pg from "pg";
import { createTestDatabase, type TestDatabase } from "#tests/support/database.ts";
import { freePort, type RunningServer, startServer } from "#tests/support/server.ts";

export interface ClusterOptions {
  count: number;
  /** Ports to listen on (free loopback ports when not given). */
  ports?: number[];
  /** Settings of instance i (on top of PORT, DATABASE_URL and a DATA_DIR of its own). */
  env(i: number): Record<string, string>;
  /** The URL the instances use, from the test database's (e.g. through a TCP proxy). */
  databaseUrl?(url: string): string;
}

export interface Cluster {
  database: TestDatabase;
  /** The test database's URL (direct, not through any proxy). */
  url: string;
  instances: RunningServer[];
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Starts instance i again, on its port, after it stopped or was killed. */
  restart(i: number): Promise<RunningServer>;
  stop(): Promise<void>;
}

/**
 * Several instances of the built server on one PostgreSQL database of their own
 * (TEST_DATABASE_URL must be set), started together as a deployment would,
 * each on a fixed loopback port with its own DATA_DIR.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const database = await createTestDatabase("postgres");
  const url = database.settings.DATABASE_URL!;
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const ports = options.ports ?? [];
  for (let i = ports.length; i < options.count; i++) ports.push(await freePort());
  const envOf = (i: number) => ({
    ...options.env(i),
    PORT: String(ports[i]),
    DATABASE_URL: options.databaseUrl ? options.databaseUrl(url) : url,
  });
  const instances = await Promise.all(ports.map((_, i) => startServer(envOf(i))));

  return {
    database,
    url,
    instances,
    async query<T>(text: string, params: unknown[] = []) {
      return (await pool.query(text, params)).rows as T[];
    },
    async restart(i: number) {
      await instances[i]!.stop();
      instances[i] = await startServer(envOf(i));
      return instances[i]!;
    },
    async stop() {
      await Promise.all(instances.map((instance) => instance.stop()));
      await pool.end();
      await database.dispose();
    },
  };
}
