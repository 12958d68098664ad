import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import type { Env } from "#server/env.ts";

export interface CspAllowances {
  script: string[];
  connect: string[];
  frame: string[];
  img: string[];
}

export const emptyAllowances: CspAllowances = { script: [], connect: [], frame: [], img: [] };

/** `inlineScripts` is a nonce (pages rendered per request) or hashes (prerendered pages). */
export function contentSecurityPolicy(inlineScripts: readonly string[], allow: CspAllowances): string {
  const list = (...sources: string[]) => sources.filter(Boolean).join(" ");
  return [
    `default-src 'self'`,
    // No 'unsafe-inline' for scripts.
    `script-src ${list("'self'", ...inlineScripts, ...allow.script)}`,
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

export function securityHeadersFor(
  env: Pick<Env, "SITE_URL">,
  allow: CspAllowances,
  inlineScripts: readonly string[],
): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(inlineScripts, allow),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    // No `interest-cohort`: FLoC is gone, and Chrome reports the name as an unrecognized feature.
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    ...(env.SITE_URL.startsWith("https://") ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
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

export function securityHeaders(env: Pick<Env, "SITE_URL">, allow: CspAllowances): RequestHandler {
  const { "Content-Security-Policy": _policy, ...others } = securityHeadersFor(env, allow, []);
  const fixed = Object.entries(others);
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy([`'nonce-${nonce}'`], allow));
    for (const [name, value] of fixed) res.setHeader(name, value);
    next();
  };
}
