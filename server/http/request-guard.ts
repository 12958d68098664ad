import type { RequestHandler, Response } from "express";
import { log } from "#server/log.ts";
import { NO_STORE } from "#app/lib/cache-control.ts";

export const ALLOWED_METHODS = ["GET", "HEAD", "POST"];

/** React Router's matching grows with the square of the segments: one 8 KB path held the process for seconds. */
export const MAX_PATH_BYTES = 1024;
export const MAX_PATH_SEGMENTS = 16;

function plain(res: Response, headers: Record<string, string>, status: number, text: string): void {
  res.set(headers).status(status).type("text/plain").setHeader("Cache-Control", NO_STORE);
  res.send(text);
}

/** Read after the answer so the sender reads it rather than a reset; the byte count stops an endless body however busy the process is. */
const DRAIN_MAX_BYTES = 256 * 1024;
const DRAIN_IDLE_MS = 1000;
const DRAIN_MAX_MS = 10_000;

/** An endless body would otherwise keep the connection, and the process's attention, as long as the sender likes. */
function closeUnreadBodies(req: Parameters<RequestHandler>[0], res: Response): void {
  res.once("finish", () => {
    if (req.complete) return;
    const started = Date.now();
    let drained = 0;
    let heard = false;
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    const close = () => {
      clearTimeout(timer);
      req.socket.destroy();
    };
    // What already arrived is read first: a process too busy to run must not take that for the sender's silence.
    const wait = () => {
      heard = false;
      timer = setTimeout(
        () =>
          setImmediate(() => {
            if (req.complete) return;
            if (heard && !stopped && Date.now() - started < DRAIN_MAX_MS) wait();
            else close();
          }),
        DRAIN_IDLE_MS,
      ).unref();
    };
    req.removeAllListeners("data");
    req.on("data", (chunk: Buffer) => {
      heard = true;
      drained += chunk.byteLength;
      if (drained <= DRAIN_MAX_BYTES) return;
      // Closing at once would reset the connection while the sender still sends, losing the answer.
      stopped = true;
      req.removeAllListeners("data");
      req.pause();
      req.socket.end();
    });
    req.once("end", () => clearTimeout(timer));
    req.resume();
    wait();
  });
}

/** Checks a path's length in linear time before anything else reads it (a regex held the process, decision 0028). */
export function requestGuard(headers: Record<string, string>): RequestHandler {
  return (req, res, next) => {
    if (!ALLOWED_METHODS.includes(req.method)) {
      log.info(`405: ${req.method} ${req.path.slice(0, 200)}`);
      res.setHeader("Allow", ALLOWED_METHODS.join(", "));
      return plain(res, headers, 405, "Method Not Allowed");
    }
    if (!req.url.startsWith("/")) return plain(res, headers, 400, "Bad Request");
    const path = req.path;
    if (Buffer.byteLength(path) > MAX_PATH_BYTES || path.split("/").length - 1 > MAX_PATH_SEGMENTS) {
      log.warn(`404: path too long (${Buffer.byteLength(path)} bytes): ${path.slice(0, 100)}...`);
      return plain(res, headers, 404, "Not Found");
    }
    closeUnreadBodies(req, res);
    next();
  };
}
