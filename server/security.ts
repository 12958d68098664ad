import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import type { Env } from "./env.ts";

/** Sources a page may load beyond its own origin, added by the features that need them. */
export interface CspAllowances {
  script: string[];
  connect: string[];
  frame: string[];
  img: string[];
}

export const emptyAllowances: CspAllowances = { script: [], connect: [], frame: [], img: [] };

export function contentSecurityPolicy(nonce: string, allow: CspAllowances): string {
  const list = (...sources: string[]) => sources.filter(Boolean).join(" ");
  return [
    `default-src 'self'`,
    // Scripts run only from our origin or with this response's nonce: no 'unsafe-inline'.
    `script-src ${list("'self'", `'nonce-${nonce}'`, ...allow.script)}`,
    // Radix and sonner position elements with inline style attributes.
    `style-src 'self' 'unsafe-inline'`,
    `img-src ${list("'self'", "data:", ...allow.img)}`,
    `font-src 'self'`,
    `connect-src ${list("'self'", ...allow.connect)}`,
    `frame-src ${allow.frame.length ? list(...allow.frame) : "'none'"}`,
    `worker-src 'self' blob:`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join("; ");
}

declare global {
  // Express types res.locals through this namespace: module augmentation is the only way in.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      cspNonce: string;
    }
  }
}

/** Sets the security headers every response carries and a fresh nonce for its scripts. */
export function securityHeaders(env: Env, allow: CspAllowances): RequestHandler {
  const behindHttps = env.SITE_URL.startsWith("https://");
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, allow));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
    if (behindHttps) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    next();
  };
}
