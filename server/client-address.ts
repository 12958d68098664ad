import type { Request } from "express";
import type { Env } from "./env.ts";

/**
 * The visitor's address as rate limits and the lead record see it. Proxy headers
 * are believed only when the TRUST_PROXY setting names one, since anyone can
 * send them.
 */
export function clientAddress(req: Request, trust: Env["TRUST_PROXY"]): string {
  const socketAddress = req.socket.remoteAddress ?? "unknown";
  if (trust === "none") return socketAddress;
  const header = req.headers[trust];
  const value = Array.isArray(header) ? header[0] : header;
  // X-Forwarded-For lists every hop; the last one was added by our own proxy.
  const candidate = trust === "x-forwarded-for" ? value?.split(",").at(-1) : value;
  return candidate?.trim() || socketAddress;
}
