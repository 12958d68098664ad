import { describe, expect, it } from "vitest";
import { invitation, type InvitationDetails } from "#server/booking/invitation.ts";
import { signManageToken, verifyManageToken } from "#server/booking/token.ts";
import { parseInvitation } from "#tests/support/booking-ical.ts";

const details: InvitationDetails = {
  uid: "booking-7@roimedia.co.za",
  sequence: 0,
  method: "REQUEST",
  start: new Date("2026-11-24T07:00:00Z"),
  end: new Date("2026-11-24T07:15:00Z"),
  title: "15-minute ROI consultation",
  description: "What to discuss: Google Ads, ROAS; and budgets",
  url: "https://roimedia.example/calendar/manage/7.1.x",
  organizer: { name: "ROI Media", email: "info@roimedia.co.za" },
  attendee: { name: "Thandi Nkosi", email: "thandi@example.com" },
  stamp: new Date("2026-11-23T10:00:00Z"),
};

describe("booking invitation", () => {
  it("parses back with ical.js at 09:00-09:15 SAST in Africa/Johannesburg", () => {
    const parsed = parseInvitation(invitation(details));
    expect(parsed.method).toBe("REQUEST");
    expect(parsed.status).toBe("CONFIRMED");
    expect(parsed.start.toISOString()).toBe("2026-11-24T07:00:00.000Z");
    expect(parsed.end.toISOString()).toBe("2026-11-24T07:15:00.000Z");
    expect(parsed.startZone).toBe("Africa/Johannesburg");
    expect(parsed.endZone).toBe("Africa/Johannesburg");
    expect(parsed.startLocal).toBe("2026-11-24T09:00:00");
    expect(parsed.organizer).toBe("MAILTO:info@roimedia.co.za");
    expect(parsed.attendees).toEqual(["mailto:thandi@example.com"]);
    expect(parsed.uid).toBe(details.uid);
    expect(parsed.url).toBe(details.url);
  });

  it.each([
    [`Evil"; ROLE=CHAIR; X="`, `Evil'; ROLE=CHAIR; X='`],
    [`A;RSVP=TRUE:mailto:x@evil.test`, `A;RSVP=TRUE:mailto:x@evil.test`],
    [`Smith, John`, `Smith, John`],
    [`x" ,mailto:evil@x.test`, `x' ,mailto:evil@x.test`],
    [`Line\r\nATTENDEE:mailto:evil@x.test`, `Line  ATTENDEE:mailto:evil@x.test`],
    [`Zoë "Z" Müller-Ngubane, CA(SA); Director of Marketing & Growth`, `Zoë 'Z' Müller-Ngubane, CA(SA); Director of Marketing & Growth`],
  ])("keeps the name %j inside one attendee's CN, adding no attendee or role", (name, shown) => {
    const parsed = parseInvitation(invitation({ ...details, attendee: { name, email: "thandi@example.com" } }));
    expect(parsed.attendees).toEqual(["mailto:thandi@example.com"]);
    expect(parsed.attendeeParams).toEqual([{ cn: shown, rsvp: "FALSE", role: "REQ-PARTICIPANT", partstat: "ACCEPTED" }]);
  });

  it("quotes the organizer's name the same way", () => {
    const parsed = parseInvitation(invitation({ ...details, organizer: { name: `ROI "Media"; ROLE=X`, email: "info@roimedia.co.za" } }));
    expect(parsed.organizer).toBe("MAILTO:info@roimedia.co.za");
    expect(parsed.organizerParams).toEqual({ cn: `ROI 'Media'; ROLE=X` });
  });

  it("cancels the same event with a higher sequence", () => {
    const parsed = parseInvitation(invitation({ ...details, method: "CANCEL", sequence: 2 }));
    expect(parsed.method).toBe("CANCEL");
    expect(parsed.status).toBe("CANCELLED");
    expect(parsed.sequence).toBe(2);
    expect(parsed.uid).toBe(details.uid);
  });
});

describe("manage links", () => {
  const secret = "s".repeat(40);
  const end = new Date("2026-11-24T07:15:00Z");
  const before = new Date("2026-11-24T07:00:00Z");

  it("open the booking they were made for until the call ends", () => {
    const token = signManageToken(secret, 42, end);
    expect(verifyManageToken(secret, token, before)).toEqual({ ok: true, bookingId: 42, expiresAt: end });
    expect(verifyManageToken(secret, token, end)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuse a changed id, expiry or signature, or another secret", () => {
    const token = signManageToken(secret, 42, end);
    const [, expiry, signature] = token.split(".");
    expect(verifyManageToken(secret, `43.${expiry}.${signature}`, before).ok).toBe(false);
    expect(verifyManageToken(secret, `42.${Number(expiry) + 86_400}.${signature}`, before).ok).toBe(false);
    expect(verifyManageToken(secret, `42.${expiry}.${signature!.slice(0, -1)}${signature!.endsWith("A") ? "B" : "A"}`, before).ok).toBe(
      false,
    );
    expect(verifyManageToken("t".repeat(40), token, before).ok).toBe(false);
    expect(verifyManageToken(secret, "garbage", before)).toEqual({ ok: false, reason: "invalid" });
  });
});
