import { isIPv6 } from "node:net";
import type { Request } from "express";
import type { Env } from "#server/env.ts";

/** Who a request came from: as the lead record keeps it, and as rate limits count it. */
export interface ClientAddress {
  /** The address itself: stored with a lead, shown in the inbox, given to a captcha's siteverify. */
  address: string;
  /** What every rate limit counts (rateLimitSubject). */
  rateLimitSubject: string;
}

/**
 * The visitor's address as rate limits and the lead record see it. Proxy headers
 * are believed only when the TRUST_PROXY setting names one, since anyone can
 * send them.
 */
export function clientAddress(req: Request, settings: Pick<Env, "TRUST_PROXY" | "RATE_LIMIT_IPV6_PREFIX">): ClientAddress {
  const address = addressOf(req, settings.TRUST_PROXY);
  return { address, rateLimitSubject: rateLimitSubject(address, settings.RATE_LIMIT_IPV6_PREFIX) };
}

function addressOf(req: Request, trust: Env["TRUST_PROXY"]): string {
  const socketAddress = req.socket.remoteAddress ?? "unknown";
  if (trust === "none") return socketAddress;
  const header = req.headers[trust];
  const value = Array.isArray(header) ? header[0] : header;
  // X-Forwarded-For lists every hop; the last one was added by our own proxy.
  const candidate = trust === "x-forwarded-for" ? value?.split(",").at(-1) : value;
  return candidate?.trim() || socketAddress;
}

/**
 * What rate limits count a visitor as. An IPv4 address is one visitor. An IPv6
 * visitor is its network of `ipv6PrefixBits` bits (RATE_LIMIT_IPV6_PREFIX): a
 * provider gives each customer a /64 or more, so counting each address alone
 * gave one customer 2^64 fresh starts. The network is written one way
 * (RFC 5952, e.g. 2001:db8:1:2::/64), so every spelling of it is one key; a
 * zone id (fe80::1%eth0) names our interface, not another visitor. An
 * IPv4-mapped address (::ffff:192.0.2.1, how a dual-stack socket sees an IPv4
 * visitor) is its IPv4 address. Anything else is counted as it is.
 */
export function rateLimitSubject(address: string, ipv6PrefixBits: number): string {
  const groups = ipv6Groups(address.replace(/%.*$/, ""));
  if (!groups) return address;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  const network = groups.map((group, index) => group & groupMask(ipv6PrefixBits - 16 * index));
  return `${ipv6Text(network)}/${ipv6PrefixBits}`;
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (!isIPv6(address)) return null;
  const groupsOf = (part: string) =>
    part === ""
      ? []
      : part.split(":").flatMap((piece) => {
          if (!piece.includes(".")) return [parseInt(piece, 16)];
          // A trailing dotted IPv4 address fills the last two groups.
          const [a, b, c, d] = piece.split(".").map(Number);
          return [(a! << 8) | b!, (c! << 8) | d!];
        });
  const [head = "", tail] = address.split("::");
  const before = groupsOf(head);
  const after = tail === undefined ? [] : groupsOf(tail);
  return [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/** The bits of a group kept by a prefix that has `bitsLeft` bits from this group on. */
function groupMask(bitsLeft: number): number {
  if (bitsLeft >= 16) return 0xffff;
  if (bitsLeft <= 0) return 0;
  return (0xffff << (16 - bitsLeft)) & 0xffff;
}

/** RFC 5952's text: lower-case hex without leading zeros, the first longest run of two or more zero groups as "::". */
function ipv6Text(groups: number[]): string {
  let run = { start: 0, length: 0 };
  for (let start = 0; start < groups.length;) {
    let end = start;
    while (groups[end] === 0) end++;
    if (end - start > run.length) run = { start, length: end - start };
    start = end + 1;
  }
  const hex = groups.map((group) => group.toString(16));
  if (run.length < 2) return hex.join(":");
  return `${hex.slice(0, run.start).join(":")}::${hex.slice(run.start + run.length).join(":")}`;
}
