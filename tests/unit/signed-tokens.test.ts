import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signManageToken, verifyManageToken } from "#server/booking/token.ts";
import { linkMatches, parseLink, signLink } from "#server/newsletter/token.ts";
import { signExpiringToken, verifyExpiringToken } from "#server/signed-tokens.ts";

/**
 * The site's signed links have one spelling each: the link as it was mailed
 * or shown works, and the same link with a number written otherwise (a
 * leading zero) is no link, so nobody can vary one into "another" that a
 * cache, a log or a limit would count apart.
 */

const secret = randomBytes(32);
const now = new Date("2026-11-24T08:00:00Z");
const later = new Date("2026-12-01T08:00:00Z");

/** The token with a zero written before its `part`th dot-separated number. */
const zeroBefore = (token: string, part: number) =>
  token
    .split(".")
    .map((piece, i) => (i === part ? `0${piece}` : piece))
    .join(".");

describe("signed links", () => {
  it("take an expiring link (a booking's manage page, an article's preview) only as it was signed", () => {
    const token = signExpiringToken(secret, "article-preview-link", 42, later);
    expect(verifyExpiringToken(secret, "article-preview-link", token, now)).toMatchObject({ ok: true, id: 42 });
    for (const variant of [zeroBefore(token, 0), zeroBefore(token, 1), `00${token}`, `+${token}`]) {
      expect(verifyExpiringToken(secret, "article-preview-link", variant, now), variant).toEqual({ ok: false, reason: "invalid" });
    }
    // The id 0 is written as it is.
    const zero = signExpiringToken(secret, "article-preview-link", 0, later);
    expect(verifyExpiringToken(secret, "article-preview-link", zero, now)).toMatchObject({ ok: true, id: 0 });

    const manage = signManageToken("s".repeat(40), 7, later);
    expect(verifyManageToken("s".repeat(40), manage, now)).toMatchObject({ ok: true, bookingId: 7 });
    expect(verifyManageToken("s".repeat(40), zeroBefore(manage, 0), now)).toEqual({ ok: false, reason: "invalid" });
  });

  it("take a newsletter's confirm and unsubscribe links only as they were mailed", () => {
    const email = "thandi@example.co.za";
    const confirm = signLink(secret, "confirm", 9, email, later);
    const leave = signLink(secret, "leave", 9, email);
    expect(linkMatches(secret, "confirm", parseLink("confirm", confirm)!, email)).toBe(true);
    expect(linkMatches(secret, "leave", parseLink("leave", leave)!, email)).toBe(true);
    expect(parseLink("confirm", zeroBefore(confirm, 0))).toBeNull();
    expect(parseLink("confirm", zeroBefore(confirm, 1))).toBeNull();
    expect(parseLink("leave", zeroBefore(leave, 0))).toBeNull();
  });
});
