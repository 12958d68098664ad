import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { channelOf, parseAttribution, touchOf } from "#app/lib/attribution.ts";
import { parseRandValue } from "#app/lib/inbox.ts";
import { conversionTime, e164, hashedEmail, hashedPhone, normalisedEmail } from "#server/attribution/conversions.ts";

const now = new Date("2026-11-24T10:00:00Z");

describe("a page load's touch", () => {
  it("keeps the path, the campaign parameters, the click ids and the referring site's origin only", () => {
    const url = new URL(
      "https://roi.example/services/google-ads?utm_source=Google&utm_medium=cpc&utm_campaign=brand&gclid=abc-123&email=x@y.z",
    );
    const touch = touchOf(url, "https://www.google.com/search?q=private+words", now);
    expect(touch).toEqual({
      at: now.toISOString(),
      landing: "/services/google-ads",
      referrer: "https://www.google.com",
      utm: { utm_source: "Google", utm_medium: "cpc", utm_campaign: "brand" },
      clickIds: { gclid: "abc-123" },
    });
  });

  it("records a page whose address is a secret (a preview, a manage or a mail link) without its token", () => {
    const pages = ["/blog/preview/12.1796000000.c2lnbmF0dXJl", "/calendar/manage/abc.def", "/newsletter/unsubscribe/tok.en"];
    expect(pages.map((page) => touchOf(new URL(`https://roi.example${page}`), null, now).landing)).toEqual([
      "/blog/preview",
      "/calendar/manage",
      "/newsletter/unsubscribe",
    ]);
    // Nor from a post that carries a touch a script recorded elsewhere.
    const posted = parseAttribution(
      JSON.stringify({ visit: { ...touchOf(new URL("https://roi.example/"), null, now), landing: pages[1] } }),
      now,
    );
    expect(posted?.visit.landing).toBe("/calendar/manage");
  });

  it("a referrer from this site is no referrer", () => {
    expect(touchOf(new URL("https://roi.example/contact"), "https://roi.example/pricing", now).referrer).toBeNull();
  });
});

describe("which channel a touch counts for", () => {
  const touch = (over: Partial<ReturnType<typeof touchOf>>) => ({ ...touchOf(new URL("https://roi.example/"), null, now), ...over });
  it("UTM parameters first, lowercased source and medium", () => {
    expect(channelOf(touch({ utm: { utm_source: "LinkedIn", utm_medium: "Paid-Social", utm_campaign: "Q4 CFOs" } }))).toEqual({
      source: "linkedin",
      medium: "paid-social",
      campaign: "Q4 CFOs",
    });
  });
  it("an ad click id without UTM parameters names its platform", () => {
    expect(channelOf(touch({ clickIds: { gclid: "x" } }))).toEqual({ source: "google", medium: "cpc", campaign: null });
    expect(channelOf(touch({ clickIds: { msclkid: "x" } }))).toEqual({ source: "bing", medium: "cpc", campaign: null });
  });
  it("a search engine is organic, another site a referral, nothing direct", () => {
    expect(channelOf(touch({ referrer: "https://www.google.co.za" }))).toMatchObject({ source: "google.co.za", medium: "organic" });
    expect(channelOf(touch({ referrer: "https://news.example.com" }))).toMatchObject({ source: "news.example.com", medium: "referral" });
    expect(channelOf(touch({}))).toMatchObject({ source: "(direct)", medium: "(none)" });
  });
});

describe("a post's attribution", () => {
  it("a touch older than 90 days is dropped; the visit is required", () => {
    const visit = { at: now.toISOString(), landing: "/", referrer: null, utm: {}, clickIds: {} };
    const old = { ...visit, at: new Date(now.getTime() - 91 * 86_400_000).toISOString(), utm: { utm_source: "x" } };
    expect(parseAttribution(JSON.stringify({ visit, first: old, last: old }), now)).toEqual({
      visit,
      first: null,
      last: null,
      marketing: false,
    });
    expect(parseAttribution(JSON.stringify({ first: visit }), now)).toBeNull();
  });
});

describe("Google Ads conversion formats", () => {
  const sha = (text: string) => createHash("sha256").update(text).digest("hex");

  it("emails: trimmed, lowercased, and for Gmail the name's dots removed, before SHA-256 (hex, lowercase)", () => {
    expect(normalisedEmail("  Jane.Doe@Example.CO.ZA ")).toBe("jane.doe@example.co.za");
    expect(normalisedEmail("Jane.Doe@gmail.com")).toBe("janedoe@gmail.com");
    expect(normalisedEmail("j.a.n.e@googlemail.com")).toBe("jane@googlemail.com");
    expect(hashedEmail(" Jane.Doe@Gmail.com")).toBe(sha("janedoe@gmail.com"));
    expect(hashedEmail("x@y.z")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("phones: E.164 with the country code (South African numbers written locally gain +27), before SHA-256", () => {
    expect(e164("082 555 0101")).toBe("+27825550101");
    expect(e164("+27 (82) 555-0101")).toBe("+27825550101");
    expect(e164("0027 82 555 0101")).toBe("+27825550101");
    expect(e164("+44 20 7031 3000")).toBe("+442070313000");
    // The trunk 0 is dialled at home only: "(0)" after the country code, or a South African 0 behind +27.
    expect(e164("+27 (0)82 765 4321")).toBe("+27827654321");
    expect(e164("0027 (0)82 765 4321")).toBe("+27827654321");
    expect(e164("+27 082 765 4321")).toBe("+27827654321");
    expect(e164("+44 (0)20 7031 3000")).toBe("+442070313000");
    // Italy's numbers keep their 0 after the country code: only a written (0) is dropped.
    expect(e164("+39 06 6982 0000")).toBe("+390669820000");
    expect(e164("555 0101")).toBeNull();
    expect(e164(null)).toBeNull();
    expect(hashedPhone("082 555 0101")).toBe(sha("+27825550101"));
    expect(hashedPhone("nonsense")).toBe("");
  });

  it("times: yyyy-MM-dd HH:mm:ss in the Parameters row's zone, Africa/Johannesburg (UTC+2)", () => {
    expect(conversionTime(new Date("2026-11-24T12:30:05Z"))).toBe("2026-11-24 14:30:05");
  });
});

describe("a won lead's value in rand", () => {
  it("reads the ways the agency writes an amount, in cents", () => {
    expect(parseRandValue("12500")).toBe(1_250_000);
    expect(parseRandValue("R 12 500,50")).toBe(1_250_050);
    expect(parseRandValue("12,500.5")).toBe(1_250_050);
    expect(parseRandValue("")).toBeNull();
    expect(parseRandValue("-5")).toBeUndefined();
    expect(parseRandValue("twelve")).toBeUndefined();
    expect(parseRandValue("1e9")).toBeUndefined();
    expect(parseRandValue("20 000 000")).toBe(2_000_000_000);
    expect(parseRandValue("20 000 000,01")).toBeUndefined();
  });
});
