import { createHmac, timingSafeEqual } from "node:crypto";
import { canonicalNumber } from "#server/signed-tokens.ts";

// The HMAC covers the address, so a link cannot be turned to another row that later takes the same id.

export type LinkPurpose = "confirm" | "leave";

export interface ParsedLink {
  subscriberId: number;
  // Seconds since the epoch; confirm links only.
  expires: number | null;
  signature: string;
}

function signature(secret: Buffer, purpose: LinkPurpose, id: number, emailKey: string, expires: number | null): string {
  return createHmac("sha256", secret)
    .update(`newsletter-${purpose}:${id}:${expires ?? ""}:${emailKey}`)
    .digest("base64url");
}

export function signLink(secret: Buffer, purpose: LinkPurpose, id: number, emailKey: string, expiresAt?: Date): string {
  const expires = expiresAt ? Math.floor(expiresAt.getTime() / 1000) : null;
  const sig = signature(secret, purpose, id, emailKey, expires);
  return expires === null ? `${id}.${sig}` : `${id}.${expires}.${sig}`;
}

// No leading zeros: one spelling per link (server/signed-tokens.ts).
const CONFIRM_LINK = new RegExp(`^${canonicalNumber(15)}\\.${canonicalNumber(12)}\\.([\\w-]{43})$`);
const LEAVE_LINK = new RegExp(`^${canonicalNumber(15)}\\.([\\w-]{43})$`);

export function parseLink(purpose: LinkPurpose, token: string): ParsedLink | null {
  const match = (purpose === "confirm" ? CONFIRM_LINK : LEAVE_LINK).exec(token);
  if (!match) return null;
  return {
    subscriberId: Number(match[1]),
    expires: purpose === "confirm" ? Number(match[2]) : null,
    signature: purpose === "confirm" ? match[3]! : match[2]!,
  };
}

export function linkMatches(secret: Buffer, purpose: LinkPurpose, link: ParsedLink, emailKey: string): boolean {
  const expected = Buffer.from(signature(secret, purpose, link.subscriberId, emailKey, link.expires));
  const given = Buffer.from(link.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
