import type { RequestHandler, Response } from "express";
import { log } from "#server/log.ts";
import { NO_STORE } from "#app/lib/cache-control.ts";

/** The methods the site answers; anything else (TRACE, OPTIONS, PUT...) is refused before any route runs. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST"];

/**
 * The longest path and the most segments a page of ours has, with room to
 * spare (a booking's manage link is the longest, about 90 characters).
 * Longer paths are answered 404 at once: React Router's matching grows with
 * the square of the segments, and one 8 KB path held the process for seconds.
 */
export const MAX_PATH_BYTES = 1024;
export const MAX_PATH_SEGMENTS = 16;

function plain(res: Response, headers: Record<string, string>, status: number, text: string): void {
  res.set(headers).status(status).type("text/plain").setHeader("Cache-Control", NO_STORE);
  res.send(text);
}

/**
 * How much of a body is still read after its answer went out, so the sender
 * reads the answer rather than a reset: at most DRAIN_MAX_BYTES, and while it
 * keeps coming, a pause of at most DRAIN_IDLE_MS, for DRAIN_MAX_MS in all.
 * The byte count, not a clock, is what stops an endless body at once,
 * however busy the process is; the connection is closed after the pause.
 */
const DRAIN_MAX_BYTES = 256 * 1024;
const DRAIN_IDLE_MS = 1000;
const DRAIN_MAX_MS = 10_000;

/**
 * Closes the connection when the request's body had not ended by the time
 * its answer went out (refused as too large, or sent to a route that reads
 * none) and then goes on too long: an endless body would otherwise keep the
 * connection, and the process's attention, for as long as the sender likes.
 * A body that ends in time leaves the connection open for the next request.
 */
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
    // When the pause runs out, what already arrived is read first (an immediate runs after the poll
    // for I/O): a process too busy to run for a second must not take that for the sender's silence.
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
    // Whatever read the body before (the form reader stops at its limit) is done with it.
    req.removeAllListeners("data");
    req.on("data", (chunk: Buffer) => {
      heard = true;
      drained += chunk.byteLength;
      if (drained <= DRAIN_MAX_BYTES) return;
      // Enough: no more reading, and the end of the connection after the answer. Closing it at once
      // would reset it while the sender still sends, and the sender could lose the answer with it.
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

/**
 * Refusals that need no route (odd methods, absurd paths), one log line each
 * and no stack, with the site's security headers (`headers`); no unread body
 * keeps a connection. The first of the server's steps: nothing else reads a
 * path before its length and segments are checked here, in time linear in its
 * length (a regex over a long run of slashes held the process, decision 0028).
 */
export function requestGuard(headers: Record<string, string>): RequestHandler {
  return (req, res, next) => {
    if (!ALLOWED_METHODS.includes(req.method)) {
      log.info(`405: ${req.method} ${req.path.slice(0, 200)}`);
      res.setHeader("Allow", ALLOWED_METHODS.join(", "));
      return plain(res, headers, 405, "Method Not Allowed");
    }
    // An absolute-form target ("GET http://other/ HTTP/1.1") is for proxies, not for a site.
    if (!req.url.startsWith("/")) return plain(res, headers, 400, "Bad Request");
    const path = req.path;
    if (Buffer.byteLength(path) > MAX_PATH_BYTES || path.split("/").length - 1 > MAX_PATH_SEGMENTS) {
      log.warn(`404: path too long (${Buffer.byteLength(path)} bytes): ${path.slice(0, 100)}...`);
      return plain(res, headers, 404, "Not Found");
    }
    // A body declared too large is refused by the form's own reader, in the form's words (server/http/request.ts).
    closeUnreadBodies(req, res);
    next();
  };
}
