import { describe, expect, it } from "vitest";
import { forms } from "#app/forms/registry.ts";
import { leadEvent, pageOf } from "#server/webhooks/payload.ts";
import { slackMessage } from "#server/webhooks/slack.ts";

const SITE = "https://www.roimedia.test";
const post = (url: string, referer?: string) => new Request(url, { method: "POST", headers: referer ? { referer } : {} });

describe("the page a lead names", () => {
  it("is the Referer's path on this site, never its query", () => {
    expect(pageOf(post(`${SITE}/company-profile.data`, `${SITE}/services/google-ads?utm_source=google&gclid=abc`), SITE)).toBe(
      "/services/google-ads",
    );
    // Behind a proxy without TRUST_PROXY the request's own origin differs: SITE_URL's still counts.
    expect(pageOf(post("http://127.0.0.1:3000/contact", `${SITE}/pricing`), SITE)).toBe("/pricing");
  });

  it("is the path posted to when the Referer is missing, another site's or no URL", () => {
    expect(pageOf(post(`${SITE}/contact.data?index`), SITE)).toBe("/contact");
    expect(pageOf(post(`${SITE}/free-audit`, "https://evil.example/free-audit-lookalike"), SITE)).toBe("/free-audit");
    expect(pageOf(post(`${SITE}/blog`, "not a url"), SITE)).toBe("/blog");
  });
});

describe("the events", () => {
  const booking = {
    id: 7,
    name: "Pieter van Wyk",
    email: "pieter@example.co.za",
    company: "Van Wyk Motors",
    phone: null,
    website: null,
    message: "Line one\nline two",
    slot_start: new Date("2026-12-01T08:00:00Z"),
    slot_end: new Date("2026-12-01T08:15:00Z"),
    status: "confirmed",
  };
  const receivedAt = new Date("2026-11-24T10:00:00Z");
  const event = leadEvent({ form: forms.booking, lead: { table: "bookings", id: 7 }, row: booking, receivedAt, page: "/calendar" });

  it("carry a booking as booking.created, with the form's labelled fields", () => {
    expect(event).toMatchObject({
      type: "booking.created",
      timestamp: "2026-11-24T10:00:00.000Z",
      data: { id: "bookings:7", form: "booking", formLabel: "Booking", receivedAt: "2026-11-24T10:00:00.000Z", page: "/calendar" },
    });
    expect(event.data.fields.map((f) => f.label)).toEqual(forms.booking.report(booking).map((f) => f.label));
    expect(event.data.fields).toContainEqual({ label: "Call", value: expect.stringMatching(/10:00 to 10:15 SAST$/) });
  });

  it("become a Slack text with empty fields left out, lines joined and the whole bounded", () => {
    const { text } = JSON.parse(slackMessage(event, SITE)) as { text: string };
    expect(text.split("\n")[0]).toBe("*New booking* (/calendar)");
    expect(text).toContain("*Message:* Line one / line two");
    expect(text).not.toContain("*Phone:*");
    const long = leadEvent({
      form: forms.booking,
      lead: { table: "bookings", id: 8 },
      row: { ...booking, message: "<!here> ".repeat(2000) },
      receivedAt,
      page: "/calendar",
    });
    const bounded = (JSON.parse(slackMessage(long, SITE)) as { text: string }).text;
    expect(bounded.length).toBeLessThanOrEqual(3000);
    expect(bounded).not.toContain("<!here>");
    expect(bounded.endsWith(`<${SITE}/admin|Open the lead inbox>`)).toBe(true);
  });
});
