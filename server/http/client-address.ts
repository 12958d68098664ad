import { isIPv6 } from "node:net";
import type { Request } from "express";
import type { Env } from "#server/env.ts";

export interface ClientAddress {
  address: string;
  rateLimitSubject: string;
}

/** Proxy headers are believed only when TRUST_PROXY names one, since anyone can send them. */
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

/** An IPv6 visitor is its network (RATE_LIMIT_IPV6_PREFIX): a provider gives each customer a /64 or more (decision 0027). */
export function rateLimitSubject(address: string, ipv6PrefixBits: number): string {
  const groups = ipv6Groups(address.replace(/%.*$/, ""));
  if (!groups) return address;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  const network = groups.map((group, index) => group & groupMask(ipv6PrefixBits - 16 * index));
  return `${ipv6Text(network)}/${ipv6PrefixBits}`;
}

function ipv6Groups(address: string): number[] | null {
  if (!isIPv6(address)) return null;
  const groupsOf = (part: string) =>
    part === ""
      ? []
      : part.split(":").flatMap((piece) => {
          if (!piece.includes(".")) return [parseInt(piece, 16)];
          const [a, b, c, d] = piece.split(".").map(Number);
          return [(a! << 8) | b!, (c! << 8) | d!];
        });
  const [head = "", tail] = address.split("::");
  const before = groupsOf(head);
  const after = tail === undefined ? [] : groupsOf(tail);
  return [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
}

function groupMask(bitsLeft: number): number {
  if (bitsLeft >= 16) return 0xffff;
  if (bitsLeft <= 0) return 0;
  return (0xffff << (16 - bitsLeft)) & 0xffff;
}

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
