import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingMessages } from "~/components/booking/schema";
import { botFields, widgetTokenFields } from "~/forms/bot-fields";
import {
  aiAssessmentRateLimited,
  botCheckFailed,
  checkTheFields,
  formExpired,
  formMessages,
  rateLimitTitle,
} from "~/forms/messages";
import { additionalServiceOptions, auditBudgetOptions, contactBudgetOptions, orderBudgetOptions, startDateOptions } from "~/forms/options";
import { orderMessages } from "~/forms/schemas";
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from "react-router";
import { readSiteDb } from "../support/database";
import type { Fields } from "../support/leads";
import { type RunningServer, startServer } from "../support/server";

/**
 * Thousands of malformed posts at every form: wrong types, huge strings,
 * invalid UTF-8, nested JSON, missing and repeated fields, wrong content types,
 * as the enhanced form posts them (`.data`) and as a browser without
 * JavaScript does. Each must be answered 4xx with a message the visitor can
 * read; the process must stay up and store nothing.
 */

/** Posts per form (half `.data`, half plain pages): 7 forms, about 2,800 requests. */
const RUNS_PER_FORM = 400;

const base = {
  name: "Sipho Mokoena",
  email: "sipho@example.co.za",
  company: "Mokoena Motors",
  website: "mokoena.co.za",
  phone: "+27 82 555 0199",
};

/** A plausible post for each form (without a bot check), so mutations reach past validation too. */
const forms: Array<{ path: string; fields: Fields }> = [
  { path: "/contact", fields: { ...base, budget: contactBudgetOptions[0]!.value, service: "google-ads", message: "Hello" } },
  { path: "/free-audit", fields: { name: base.name, email: base.email, website: base.website, budget: auditBudgetOptions[0]!.value, platform: "google" } },
  { path: "/free-ai-assessment", fields: { name: base.name, email: base.email, company: base.company, goals: "Automate reporting" } },
  { path: "/blog", fields: { email: base.email } },
  { path: "/company-profile", fields: { name: base.name, email: base.email, company: base.company, phone: base.phone } },
  {
    path: "/get-started",
    fields: {
      ...base,
      service: "strategy",
      tier: "Monthly Retainer",
      additionalServices: [additionalServiceOptions[0]!],
      industry: "Motor trade",
      monthlyBudget: orderBudgetOptions[0]!,
      goals: "More test drives",
      startDate: startDateOptions[0]!,
    },
  },
  { path: "/calendar", fields: { ...base, slot: new Date(Date.now() + 3 * 86_400_000).toISOString().replace(/\.\d+Z$/, ".000Z"), message: "Call me" } },
];

/** Every message a refused post may carry (SPEC.md section 8 and the booking form's). */
const knownMessages = new Set<string>([
  ...Object.values(formMessages).map((m) => m.failure.message),
  checkTheFields,
  botCheckFailed,
  formExpired,
  aiAssessmentRateLimited,
  ...Object.values(orderMessages),
  bookingMessages.failed,
  bookingMessages.slotGone,
  bookingMessages.slotTaken,
]);
const rateLimitText = /^Please wait \d+ minutes before trying again\.$/;
const isKnown = (message: unknown) => typeof message === "string" && (knownMessages.has(message) || rateLimitText.test(message));

const decodeEntities = (html: string) =>
  html.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/** A body with the content type to label it with (none when null), or form data fetch encodes as multipart. */
type Post = { contentType: string | null; body: Uint8Array<ArrayBuffer> | string } | { multipart: FormData };
/** Field values a form never expects. */
const oddValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.integer().map(String),
  fc.json({ maxDepth: 4 }),
  fc.constantFrom("", " ", "null", "true", "[]", "{}", '{"$gt":""}', "<script>alert(1)</script>", "' OR 1=1 --", "\u0000", "\uFFFD", "a@b", "@", "x@y.z".repeat(50)),
  fc.nat({ max: 30_000 }).map((n) => "y".repeat(n)),
);

function postsFor(fields: Fields): fc.Arbitrary<Post> {
  const names = [...Object.keys(fields), ...Object.values(botFields), ...widgetTokenFields];
  const fieldName = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) });
  // The plausible post with fields dropped, replaced, repeated or added.
  const mutated = fc
    .record({
      dropped: fc.subarray(Object.keys(fields)),
      changed: fc.dictionary(fieldName, fc.oneof(oddValue, fc.array(oddValue, { minLength: 2, maxLength: 4 })), { maxKeys: 4 }),
      multipart: fc.boolean(),
    })
    .map(({ dropped, changed, multipart }) => {
      const entries: Array<[string, string]> = [];
      for (const [name, value] of Object.entries({ ...fields, ...changed })) {
        if (dropped.includes(name) && !(name in changed)) continue;
        for (const v of Array.isArray(value) ? value : [value]) entries.push([name, v]);
      }
      if (!multipart) return { contentType: "application/x-www-form-urlencoded", body: new URLSearchParams(entries).toString() } as Post;
      const form = new FormData();
      for (const [name, v] of entries) form.append(name, v);
      return { multipart: form } as Post;
    });
  const contentType = fc.constantFrom(
    "application/x-www-form-urlencoded",
    "multipart/form-data",
    "multipart/form-data; boundary=",
    "multipart/form-data; boundary=zzz",
    "application/json",
    "text/plain",
    "application/xml",
    "image/png",
    "application/x-www-form-urlencoded; charset=utf-16",
    null,
  );
  return fc.oneof(
    { weight: 5, arbitrary: mutated },
    // Bytes that are not UTF-8 (or not anything).
    { weight: 2, arbitrary: fc.record({ contentType, body: fc.uint8Array({ maxLength: 2000 }) }) },
    // Percent-escapes of invalid UTF-8 and broken escapes.
    {
      weight: 2,
      arbitrary: fc
        .array(fc.constantFrom("%FF", "%C0%80", "%ED%A0%80", "%F4%90%80%80", "%", "%zz", "&", "=", "+", "email=", "name=", "%00"), { maxLength: 40 })
        .map((parts) => ({ contentType: "application/x-www-form-urlencoded", body: parts.join("") })),
    },
    // JSON, nested, under any content type.
    { weight: 2, arbitrary: fc.record({ contentType, body: fc.jsonValue({ maxDepth: 6 }).map((v) => JSON.stringify(v) ?? "null") }) },
    // Larger than any lead may be.
    { weight: 1, arbitrary: fc.nat({ max: 40_000 }).map((n) => ({ contentType: "application/x-www-form-urlencoded", body: `email=${"z".repeat(33_000 + n)}` })) },
    { weight: 1, arbitrary: fc.record({ contentType, body: fc.string({ maxLength: 200 }) }) },
  );
}

let server: RunningServer;
beforeAll(async () => {
  // Every post from an address of its own (X-Forwarded-For), so posts that pass validation meet the bot check, not only the limit.
  server = await startServer({ TRUST_PROXY: "x-forwarded-for", ALTCHA_COST: "20" });
});
afterAll(async () => {
  await server?.stop();
});

let visitors = 0;
async function send(path: string, post: Post, asData: boolean) {
  visitors++;
  const headers: Record<string, string> = { "x-forwarded-for": `10.${(visitors >> 16) & 255}.${(visitors >> 8) & 255}.${visitors & 255}` };
  let body: BodyInit;
  if ("multipart" in post) {
    body = post.multipart;
  } else {
    body = post.body;
    // Without a type fetch would label a string text/plain: send none at all for the null case.
    headers["content-type"] = post.contentType ?? "";
  }
  return fetch(`${server.url}${path}${asData ? ".data" : ""}`, { method: "POST", headers, body });
}

describe("malformed posts at every form", () => {
  it(`answers ${RUNS_PER_FORM * forms.length} of them 4xx with a message, stays up and stores nothing`, { timeout: 180_000 }, async () => {
    await Promise.all(
      forms.map(({ path, fields }) =>
        fc.assert(
          fc.asyncProperty(postsFor(fields), fc.boolean(), async (post, asData) => {
            const res = await send(path, post, asData);
            const status = res.status;
            const answer = `${path}${asData ? ".data" : ""} answered ${status}`;
            expect(status, answer).toBeGreaterThanOrEqual(400);
            expect(status, answer).toBeLessThan(500);
            if (asData) {
              expect(res.headers.get("content-type"), answer).toMatch(/^text\/x-script/);
              const decoded = await decodeTurboStream(res.body!, globalThis);
              await decoded.done;
              const result = (decoded.value as { data: { ok: boolean; title: string; message: string } }).data;
              expect(result.ok, answer).toBe(false);
              expect(isKnown(result.message), `${answer} with ${JSON.stringify(result.message)}`).toBe(true);
              expect(result.title === rateLimitTitle || typeof result.title === "string", answer).toBe(true);
            } else {
              const html = decodeEntities(await res.text());
              expect(html, answer).toContain("<html");
              expect([...knownMessages].some((m) => html.includes(m)) || /Please wait \d+ minutes before trying again\./.test(html), `${answer} without a message`).toBe(true);
            }
          }),
          { numRuns: RUNS_PER_FORM },
        ),
      ),
    );

    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    for (const table of ["form_submissions", "company_profile_leads", "service_orders", "bookings", "outbox"]) {
      expect(readSiteDb<{ n: number }>(server.dataDir, `SELECT count(*) AS n FROM ${table}`)[0]!.n, `${table} rows`).toBe(0);
    }
    // Nothing reached an error handler: no stack trace in the log.
    expect(server.output()).not.toMatch(/\n\s+at /);
  });
});
