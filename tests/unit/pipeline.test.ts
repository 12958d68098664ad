import { describe, expect, it } from "vitest";
import { rateLimitMessage } from "#app/forms/messages.ts";
import { checkFormToken, issueFormToken } from "#server/captcha/form-token.ts";
import { parseEnv } from "#server/env.ts";
import { siteSecrets } from "#server/captcha/keys.ts";
import { renderNotification } from "#server/mail/render.ts";
import { noticeOf } from "#server/leads/lead-step.ts";
import { isCrossSite, MAX_BODY_BYTES, readForm } from "#server/http/request.ts";
import { orderMessages, orderStepSchemas } from "#app/forms/order.ts";
import { forms } from "#app/forms/registry.ts";

const secret = siteSecrets("k".repeat(40)).formToken;
const errorsOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe("schemas carry SPEC.md section 5's rules and messages", () => {
  it("two-step lead form: trimmed name and email with the spec's messages and maxima", () => {
    expect(errorsOf(forms.companyProfile.steps.steps[0]!.safeParse({ name: "  ", email: "nope" }))).toEqual({
      name: "Name is required",
      email: "Invalid email address",
    });
    const ok = forms.companyProfile.schema.parse({ name: " Ayesha ", email: " a@b.co ", company: "", phone: "" });
    expect(ok).toMatchObject({ name: "Ayesha", email: "a@b.co" });
    expect(forms.companyProfile.schema.safeParse({ name: "x".repeat(101), email: "a@b.co" }).success).toBe(false);
    expect(forms.companyProfile.schema.safeParse({ name: "x", email: "a@b.co", phone: "1".repeat(21) }).success).toBe(false);
    expect(forms.companyProfile.schema.safeParse({ name: "x", email: "a@b.co", company: "c".repeat(101) }).success).toBe(false);
  });

  it("newsletter: 'Please enter a valid email address'", () => {
    expect(errorsOf(forms.newsletter.schema.safeParse({ email: "x" }))).toEqual({ email: "Please enter a valid email address" });
  });

  it("order: each step's message, and a tier the service offers", () => {
    expect(errorsOf(orderStepSchemas[0].safeParse({ name: "A", email: "a@b", phone: "1", company: "C" }))).toEqual({
      email: orderMessages.invalidEmail,
    });
    expect(errorsOf(orderStepSchemas[0].safeParse({ email: "a@b.co" }))).toMatchObject({ name: orderMessages.step1Missing });
    expect(orderStepSchemas[1].safeParse({ service: "strategy", tier: "One-Time Audit" }).success).toBe(true);
    expect(errorsOf(orderStepSchemas[1].safeParse({ service: "strategy", tier: "Starter" }))).toEqual({ tier: orderMessages.step2Missing });
    expect(errorsOf(orderStepSchemas[2].safeParse({ industry: "x", goals: "y" }))).toEqual({ monthlyBudget: orderMessages.step3Missing });
    expect(errorsOf(orderStepSchemas[3].safeParse({}))).toEqual({ startDate: orderMessages.step4Missing });
  });

  it("bounds every text field, so a huge body cannot be stored", () => {
    const huge = "x".repeat(5000);
    for (const { key: form, schema } of Object.values(forms)) {
      const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape ?? {};
      for (const field of Object.keys(shape)) {
        if (field === "additionalServices") continue;
        const result = schema.safeParse({ [field]: huge });
        // Refused with the field's message, or (a field no one types, as the booking's time zone) dropped: never kept.
        const own = (shape[field] as { safeParse(value: unknown): { success: boolean; data?: unknown } }).safeParse(huge);
        const kept = own.success && own.data !== undefined;
        expect(errorsOf(result as never)[field] ?? (kept ? undefined : "dropped"), `${form}.${field}`).toBeDefined();
      }
    }
  });
});

describe("rate limits", () => {
  it("are SPEC.md section 9's, with the AI assessment under the audit key", () => {
    expect(forms.contact.rateLimit).toMatchObject({ max: 3, windowMinutes: 15 });
    expect(forms.audit.rateLimit).toMatchObject({ max: 2, windowMinutes: 30 });
    expect(forms.newsletter.rateLimit).toMatchObject({ max: 5, windowMinutes: 60 });
    expect(forms.aiAssessment.rateLimit.key).toBe("audit");
  });

  it("say how many minutes to wait, one minute in the singular", () => {
    expect(rateLimitMessage(1)).toBe("Please wait 1 minute before trying again.");
    expect(rateLimitMessage(15)).toBe("Please wait 15 minutes before trying again.");
  });

  it("give the AI assessment SPEC.md section 8's text, as a title and a message like the other forms", () => {
    expect(forms.aiAssessment.messages.rateLimited).toEqual({
      title: "Too many requests",
      message: "Please wait a moment before submitting again.",
    });
    expect(`${forms.aiAssessment.messages.rateLimited.title}: ${forms.aiAssessment.messages.rateLimited.message}`).toBe(
      "Too many requests: Please wait a moment before submitting again.",
    );
  });
});

describe("form tokens", () => {
  it("are refused younger than 3 seconds, accepted up to a day, then expired", () => {
    const now = Date.now();
    const token = issueFormToken(secret, now);
    expect(checkFormToken(secret, token, now + 2999)).toEqual({ ok: false, reason: "too-fresh" });
    expect(checkFormToken(secret, token, now + 3000)).toMatchObject({ ok: true });
    expect(checkFormToken(secret, token, now + 24 * 3600_000)).toMatchObject({ ok: true });
    expect(checkFormToken(secret, token, now + 24 * 3600_000 + 1)).toEqual({ ok: false, reason: "expired" });
  });

  it("are refused when tampered with or signed by another key", () => {
    const now = Date.now();
    const token = issueFormToken(secret, now - 10_000);
    const [, nonce, signature] = token.split(".");
    // Backdating the issue time breaks the signature.
    expect(checkFormToken(secret, `${(now - 60_000).toString(36)}.${nonce}.${signature}`, now)).toEqual({ ok: false, reason: "invalid" });
    expect(checkFormToken(siteSecrets("z".repeat(40)).formToken, token, now)).toEqual({ ok: false, reason: "invalid" });
    expect(checkFormToken(secret, "", now)).toEqual({ ok: false, reason: "invalid" });
  });
});

describe("reading a post", () => {
  const post = (body: BodyInit, type = "application/x-www-form-urlencoded") =>
    new Request("http://site.test/contact", { method: "POST", body, headers: { "content-type": type } });

  it("keeps the first value of a field and every value of a list field", async () => {
    const body = new URLSearchParams([
      ["name", "A"],
      ["name", "B"],
      ["additionalServices", "X"],
      ["additionalServices", "Y"],
    ]);
    expect(await readForm(post(body), new Set(["additionalServices"]))).toEqual({
      ok: true,
      fields: { name: "A", additionalServices: ["X", "Y"] },
    });
  });

  it("reads multipart posts and refuses other content types and oversized bodies", async () => {
    const multipart = new FormData();
    multipart.set("email", "a@b.co");
    expect(await readForm(new Request("http://site.test/blog", { method: "POST", body: multipart }), new Set())).toEqual({
      ok: true,
      fields: { email: "a@b.co" },
    });
    expect(await readForm(post("{}", "application/json"), new Set())).toEqual({ ok: false, status: 415 });
    expect(await readForm(post(`message=${"x".repeat(MAX_BODY_BYTES)}`), new Set())).toEqual({ ok: false, status: 413 });
  });

  it("tells a cross-site post from the site's own", () => {
    const site = "https://roimedia.co.za";
    const own = "http://internal:3000";
    expect(isCrossSite({ origin: "https://roimedia.co.za", fetchSite: "same-origin" }, site, own)).toBe(false);
    expect(isCrossSite({ origin: "http://internal:3000", fetchSite: undefined }, site, own)).toBe(false);
    expect(isCrossSite({ origin: "https://evil.example", fetchSite: "cross-site" }, site, own)).toBe(true);
    expect(isCrossSite({ origin: undefined, fetchSite: "same-site" }, site, own)).toBe(true);
    expect(isCrossSite({ origin: undefined, fetchSite: undefined }, site, own)).toBe(false);
  });
});

describe("notifications", () => {
  const context = {
    leadTable: "form_submissions",
    leadId: 7,
    botCheck: "altcha" as const,
    clientAddress: "203.0.113.9",
    userAgent: null,
    receivedAt: new Date("2030-03-01T08:00:00Z"),
  };

  it("list every field, with empty optional values as Not specified or None", () => {
    const order = forms.order.schema.parse({
      name: "P",
      email: "p@x.co",
      phone: "1",
      company: "C",
      service: "googleAds",
      tier: "Growth",
      industry: "Retail",
      monthlyBudget: "R 100,000+",
      goals: "More sales",
      startDate: "Immediately",
    });
    const lead = forms.order.row(order);
    const notice = noticeOf(forms.order, lead);
    expect(lead.table).toBe("service_orders");
    const text = renderNotification(notice, { ...context, leadTable: lead.table }).text;
    for (const line of [
      "Service: Google Ads Management",
      "Tier: Growth",
      "Additional Services: None",
      "Current Marketing: Not specified",
      "Team Size: Not specified",
      "Challenges: Not specified",
      "Additional Info: Not specified",
      "Received: 01 March 2030 at 10:00:00 SAST (2030-03-01T08:00:00.000Z)",
      "Reference: Service Order #7 (service_orders)",
    ]) {
      expect(text).toContain(line);
    }
  });

  it("keep line breaks out of the subject", () => {
    const notice = noticeOf(forms.companyProfile, forms.companyProfile.row({ name: "Evil\r\nBcc: all@x.co", email: "e@x.co" }));
    expect(renderNotification(notice, context).subject).toBe("Company profile downloaded: Evil Bcc: all@x.co");
  });

  it("success answers are SPEC.md section 8's", () => {
    expect(forms.order.messages.success).toEqual({
      title: "Order Submitted Successfully!",
      message: "We'll contact you within 24 hours to discuss your project.",
    });
    expect(forms.contact.messages.success.message).toBe("Thank you for your message. We'll get back to you within 2-4 hours.");
  });
});

describe("lead settings", () => {
  it("default to ALTCHA, accepted no-JavaScript posts and a visible widget", () => {
    expect(parseEnv({})).toMatchObject({ CAPTCHA_PROVIDER: "altcha", NOSCRIPT_POSTS: "accept", CAPTCHA_WIDGET: "visible" });
  });

  it("name the missing variable when a third-party captcha lacks its keys", () => {
    expect(() => parseEnv({ CAPTCHA_PROVIDER: "recaptcha-v3", CAPTCHA_SITE_KEY: "k" })).toThrow(
      /CAPTCHA_SECRET_KEY: required when CAPTCHA_PROVIDER is recaptcha-v3/,
    );
    expect(() => parseEnv({ CAPTCHA_PROVIDER: "turnstile", CAPTCHA_SECRET_KEY: "s" })).toThrow(/CAPTCHA_SITE_KEY/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ ALTCHA_HMAC_KEY: "short" })).toThrow(/ALTCHA_HMAC_KEY/);
    expect(() => parseEnv({ OUTBOX_RETRY_BASE_MS: "5000", OUTBOX_RETRY_MAX_MS: "1000" })).toThrow(/OUTBOX_RETRY_MAX_MS/);
  });
});
