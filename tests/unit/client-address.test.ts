import { describe, expect, it } from "vitest";
import { rateLimitSubject } from "#server/http/client-address.ts";
import { parseEnv } from "#server/env.ts";

/** What rate limits count a visitor as: one IPv4 address, or one IPv6 network however it is spelled. */
describe("rateLimitSubject", () => {
  const at64 = (address: string) => rateLimitSubject(address, 64);

  it("counts an IPv4 address as itself, also as a dual-stack socket spells it", () => {
    expect(at64("198.51.100.7")).toBe("198.51.100.7");
    expect(at64("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(at64("::FFFF:C633:6407")).toBe("198.51.100.7");
    expect(at64("0:0:0:0:0:ffff:198.51.100.7")).toBe("198.51.100.7");
  });

  it("counts an IPv6 address as its /64, written one way whatever the spelling", () => {
    const spellings = [
      "2001:db8:1:2::1",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0DB8:0001:0002:0000:0000:0000:0001",
      "2001:db8:1:2:0:0:0:1",
      "2001:db8:1:2::0.0.0.1",
      "2001:DB8:1:2:A::B",
    ];
    for (const address of spellings) expect(at64(address), address).toBe("2001:db8:1:2::/64");
    expect(at64("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(at64("2001:db8::1")).toBe("2001:db8::/64");
    expect(at64("::1")).toBe("::/64");
    expect(at64("::")).toBe("::/64");
  });

  it("writes the network as RFC 5952 does: the first longest run of zeros shortened, a lone zero kept", () => {
    expect(at64("2001:0:0:1::")).toBe("2001:0:0:1::/64");
    expect(at64("2001:db8:0:1::")).toBe("2001:db8:0:1::/64");
    expect(rateLimitSubject("2001:0:0:1:0:0:1:1", 128)).toBe("2001::1:0:0:1:1/128");
    expect(rateLimitSubject("1:0:0:2:0:0:3:4", 128)).toBe("1::2:0:0:3:4/128");
  });

  it("ignores a zone id, which names our own interface, not another visitor", () => {
    expect(at64("fe80::1%eth0")).toBe("fe80::/64");
    expect(at64("fe80::2%25")).toBe("fe80::/64");
  });

  it("takes the prefix from the setting, at any bit", () => {
    expect(rateLimitSubject("2001:db8:1:2::1", 48)).toBe("2001:db8:1::/48");
    expect(rateLimitSubject("2001:db8:1:2ff::1", 56)).toBe("2001:db8:1:200::/56");
    expect(rateLimitSubject("2001:db8:1:2ff::1", 60)).toBe("2001:db8:1:2f0::/60");
    expect(rateLimitSubject("2001:db8:ffff:2::1", 33)).toBe("2001:db8:8000::/33");
    expect(rateLimitSubject("2001:db8:1:2::1", 128)).toBe("2001:db8:1:2::1/128");
  });

  it("counts what is not an address as it is", () => {
    expect(at64("unknown")).toBe("unknown");
    expect(at64("2001:db8::1::2")).toBe("2001:db8::1::2");
  });
});

describe("RATE_LIMIT_IPV6_PREFIX", () => {
  it("is 64 unless set, a whole number of bits from 32 to 128", () => {
    expect(parseEnv({}).RATE_LIMIT_IPV6_PREFIX).toBe(64);
    expect(parseEnv({ RATE_LIMIT_IPV6_PREFIX: "48" }).RATE_LIMIT_IPV6_PREFIX).toBe(48);
    for (const bad of ["31", "129", "64.5", "sixty-four"]) {
      expect(() => parseEnv({ RATE_LIMIT_IPV6_PREFIX: bad }), bad).toThrow(/RATE_LIMIT_IPV6_PREFIX/);
    }
  });
});
