import { createHash, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import { sql } from "kysely";
import type { DatabaseHandle } from "#server/db/connect.ts";
import { NO_STORE } from "#app/lib/cache-control.ts";
import { registry } from "#server/ops/metrics.ts";

/** A probe must answer before its prober gives up. */
export const READY_TIMEOUT_MS = 2000;

export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** One question at a time, so a database that hangs holds one connection of the pool, never the lot. */
export function databaseProbe(handle: DatabaseHandle): () => Promise<string | null> {
  const name = handle.dialect === "postgres" ? "PostgreSQL" : "The SQLite database";
  let asking: Promise<string | null> | undefined;
  return () =>
    (asking ??= withTimeout(sql`select 1`.execute(handle.db), READY_TIMEOUT_MS, name)
      .then(
        () => null,
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      )
      .finally(() => (asking = undefined)));
}

/** The database is what a lead needs (mail waits in the outbox); /healthz stays the cheap answer. */
export function readyz(probe: () => Promise<string | null>): RequestHandler {
  return async (_req, res) => {
    const problem = await probe();
    res.setHeader("Cache-Control", NO_STORE);
    if (problem) res.status(503).json({ status: "failing", failing: { database: problem } });
    else res.json({ status: "ready", database: "ok" });
  };
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Without METRICS_TOKEN the route is not mounted (server/app.ts). */
export function metricsEndpoint(token: string): RequestHandler {
  const expected = digest(`Bearer ${token}`);
  return async (req, res, next) => {
    res.setHeader("Cache-Control", NO_STORE);
    if (!timingSafeEqual(digest(req.get("authorization") ?? ""), expected)) {
      res.status(401).setHeader("WWW-Authenticate", 'Bearer realm="metrics"').type("text/plain").send("Unauthorized");
      return;
    }
    try {
      const text = await registry.metrics();
      res.type(registry.contentType).send(text);
    } catch (error) {
      next(error);
    }
  };
}
