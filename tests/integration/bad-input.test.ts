import fc from "fast-check";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "#app/lib/zod.ts";
import { botFields, widgetTokenFields } from "#app/forms/bot-fields.ts";
import { botCheckFailed, checkTheFields, formExpired, rateLimitTitle } from "#app/forms/messages.ts";
import {
  additionalServiceOptions,
  auditBudgetOptions,
  contactBudgetOptions,
  orderBudgetOptions,
  startDateOptions,
} from "#app/forms/options.ts";
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from "react-router";
import { createUser, signInOverHttp } from "#tests/support/admin-users.ts";
import { createTestDatabase, databaseKinds, readSiteDb, type TestDatabase } from "#tests/support/database.ts";
import { enhanced, type Fields, postLead, solveAltcha } from "#tests/support/leads.ts";
import { type RunningServer, startServer } from "#tests/support/server.ts";
import { bookingMessages } from "#app/forms/booking.ts";
import { commonFields } from "#app/forms/common-fields.ts";
import { type FormDefinition, type FormField, type FormKey, shortLabelOf } from "#app/forms/definition.ts";
import { notAllowed } from "#app/forms/rules.ts";
import { orderMessages, splitOrderMessage } from "#app/forms/order.ts";
import { forms } from "#app/forms/registry.ts";

/**
 * Hundreds of malformed posts at every form: wrong types, huge strings,
 * invalid UTF-8, nested JSON, missing and repeated fields, wrong content types,
 * as the enhanced form posts them (`.data`) and as a browser without
 * JavaScript does. Each must be answered 4xx with a message the visitor can
 * read; the process must stay up and store nothing.
 */

/** Posts per form (half `.data`, half plain pages): 7 forms, 700 requests; each run of the suite draws new ones. */
const RUNS_PER_FORM = 100;
/** Posts per form with one control character in one text field. */
const CONTROL_RUNS_PER_FORM = 30;

const base = {
  name: "Sipho Mokoena",
  email: "sipho@example.co.za",
  company: "Mokoena Motors",
  website: "mokoena.co.za",
  phone: "+27 82 555 0199",
};

/** A plausible post for each form (without a bot check), so mutations reach past validation too. */
const posted: Array<{ path: string; form: FormDefinition<FormKey, z.ZodMiniObject>; fields: Fields }> = [
  {
    path: "/contact",
    form: forms.contact,
    fields: { ...base, budget: contactBudgetOptions[0]!.value, service: "google-ads", message: "Hello" },
  },
  {
    path: "/free-audit",
    form: forms.audit,
    fields: { name: base.name, email: base.email, website: base.website, budget: auditBudgetOptions[0]!.value, platform: "google" },
  },
  {
    path: "/free-ai-assessment",
    form: forms.aiAssessment,
    fields: {
      name: base.name,
      email: base.email,
      company: base.company,
      website: `https://${base.website}`,
      currentAIUsage: "None yet",
      goals: "Automate reporting",
    },
  },
  { path: "/blog", form: forms.newsletter, fields: { email: base.email } },
  {
    path: "/company-profile",
    form: forms.companyProfile,
    fields: { name: base.name, email: base.email, company: base.company, phone: base.phone },
  },
  {
    path: "/get-started",
    form: forms.order,
    fields: {
      ...base,
      service: "strategy",
      tier: "Monthly Retainer",
      additionalServices: [additionalServiceOptions[0]!],
      industry: "Motor trade",
      monthlyBudget: orderBudgetOptions[0]!,
      currentMarketing: "Radio",
      goals: "More test drives",
      startDate: startDateOptions[0]!,
      teamSize: "12",
      currentChallenges: "Attribution",
      additionalInfo: "Weekdays only",
    },
  },
  {
    path: "/calendar",
    form: forms.booking,
    fields: { ...base, slot: new Date(Date.now() + 3 * 86_400_000).toISOString().replace(/\.\d+Z$/, ".000Z"), message: "Call me" },
  },
];

/** Every message a refused post may carry (SPEC.md section 8 and the booking form's). */
const knownMessages = new Set<string>([
  ...Object.values(forms).map((form) => form.messages.failure.message),
  checkTheFields,
  botCheckFailed,
  formExpired,
  forms.aiAssessment.messages.rateLimited.message,
  // The wizard's step messages read as title and text ("Missing Information" / "Please ...").
  ...Object.values(orderMessages).map((text) => splitOrderMessage(text).message),
  bookingMessages.failed,
  bookingMessages.slotGone,
  bookingMessages.slotTaken,
]);
const rateLimitText = /Please wait (1 minute|\d+ minutes) before trying again\./;
const isKnown = (message: unknown) =>
  typeof message === "string" && (knownMessages.has(message) || new RegExp(`^${rateLimitText.source}$`).test(message));

const decodeEntities = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** A body with the content type to label it with (none when null), or form data fetch encodes as multipart. */
type Post = { contentType: string | null; body: Uint8Array<ArrayBuffer> | string } | { multipart: FormData };
/** Field values a form never expects. */
const oddValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.integer().map(String),
  fc.json({ maxDepth: 4 }),
  fc.constantFrom(
    "",
    " ",
    "null",
    "true",
    "[]",
    "{}",
    '{"$gt":""}',
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "\u0000",
    "\uFFFD",
    "a@b",
    "@",
    "x@y.z".repeat(50),
  ),
  fc.nat({ max: 30_000 }).map((n) => "y".repeat(n)),
  // Text laced with control characters (C0, DEL, C1).
  fc
    .array(fc.oneof(fc.integer({ min: 0, max: 0x9f }), fc.constantFrom(0x2028, 0x2029)), { minLength: 1, maxLength: 30 })
    .map((codes) => String.fromCharCode(...codes)),
);

/** The characters no field takes (a lone surrogate cannot travel in UTF-8: it arrives as U+FFFD): C0 controls but tab, CR and LF, DEL and C1. */
const controlCharacters = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)).filter((c) => !"\t\r\n".includes(c)),
  ...Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i)),
];
/** ...and in a one-line field, a line break. */
const lineBreaks = ["\n", "\r", "\r\n", "\u2028", "\u2029"];

/** The fields of a plausible post the form reads as text (the others are choices). */
/** The text fields of a plausible post: those with a maximum (the others are choices). */
function textFieldsOf(form: FormDefinition<FormKey, z.ZodMiniObject>, fields: Fields): FormField[] {
  return Object.keys(fields).flatMap((name) => {
    const field = form.fields[name];
    return field?.maxLength && name in form.schema.shape ? [field] : [];
  });
}

/** The value with `c` inside it (at the ends trimming would take a line break away, as it should). */
function insideOf(value: string, c: string, at: number): string {
  const cut = 1 + (at % Math.max(1, value.length - 1));
  return value.slice(0, cut) + c + value.slice(cut);
}

/** Fields as a browser without JavaScript posts them (urlencoded) or as multipart form data. */
function encoded(fields: Fields, multipart: boolean): Post {
  const entries = Object.entries(fields).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((v): [string, string] => [name, v]),
  );
  if (!multipart) return { contentType: "application/x-www-form-urlencoded", body: new URLSearchParams(entries).toString() };
  const form = new FormData();
  for (const [name, v] of entries) form.append(name, v);
  return { multipart: form };
}

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
    .map(({ dropped, changed, multipart }) =>
      encoded(
        Object.fromEntries(Object.entries({ ...fields, ...changed }).filter(([name]) => !dropped.includes(name) || name in changed)),
        multipart,
      ),
    );
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
        .array(fc.constantFrom("%FF", "%C0%80", "%ED%A0%80", "%F4%90%80%80", "%", "%zz", "&", "=", "+", "email=", "name=", "%00"), {
          maxLength: 40,
        })
        .map((parts) => ({ contentType: "application/x-www-form-urlencoded", body: parts.join("") })),
    },
    // JSON, nested, under any content type.
    { weight: 2, arbitrary: fc.record({ contentType, body: fc.jsonValue({ maxDepth: 6 }).map((v) => JSON.stringify(v) ?? "null") }) },
    // Larger than any lead may be.
    {
      weight: 1,
      arbitrary: fc
        .nat({ max: 40_000 })
        .map((n) => ({ contentType: "application/x-www-form-urlencoded", body: `email=${"z".repeat(33_000 + n)}` })),
    },
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
  it(`answers ${RUNS_PER_FORM * posted.length} of them 4xx with a message, stays up and stores nothing`, { timeout: 180_000 }, async () => {
    await Promise.all(
      posted.map(({ path, fields }) =>
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
              expect([...knownMessages].some((m) => html.includes(m)) || rateLimitText.test(html), `${answer} without a message`).toBe(
                true,
              );
            }
          }),
          { numRuns: RUNS_PER_FORM },
        ),
      ),
    );

    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expectNothingStored();
  });

  it(
    "refuses a control character in any text field, and a line break in a one-line field, with that field's message",
    { timeout: 120_000 },
    async () => {
      await Promise.all(
        posted.map(({ path, form, fields }) => {
          const typed = fc.constantFrom(...textFieldsOf(form, fields)).chain((field) =>
            fc.record({
              field: fc.constant(field),
              c: fc.constantFrom(...controlCharacters, ...(field.multiline ? [] : lineBreaks)),
              at: fc.nat(),
              multipart: fc.boolean(),
            }),
          );
          return fc.assert(
            fc.asyncProperty(typed, fc.boolean(), async ({ field: { name, ...field }, c, at, multipart }, asData) => {
              const post = encoded({ ...fields, [name]: insideOf(fields[name] as string, c, at) }, multipart);
              const res = await send(path, post, asData);
              const answer = `${path}${asData ? ".data" : ""} with U+${c.charCodeAt(0).toString(16).padStart(4, "0")} in ${name}`;
              expect(res.status, answer).toBe(400);
              const message = notAllowed(shortLabelOf(field));
              if (asData) expect((await resultOf(res)).fieldErrors?.[name]?.[0], answer).toBe(message);
              else expect(decodeEntities(await res.text()), answer).toContain(message);
            }),
            { numRuns: CONTROL_RUNS_PER_FORM },
          );
        }),
      );
      expectNothingStored();
    },
  );
});

const leadTables = ["form_submissions", "company_profile_leads", "service_orders", "bookings", "outbox"];

function expectNothingStored() {
  for (const table of leadTables) {
    expect(readSiteDb<{ n: number }>(server.dataDir, `SELECT count(*) AS n FROM ${table}`)[0]!.n, `${table} rows`).toBe(0);
  }
  // Nothing reached an error handler: no stack trace in the log.
  expect(server.output()).not.toMatch(/(?:\n|\\n)\s+at /);
}

/** A refusal as the enhanced lead forms and the booking form read it. */
async function resultOf(res: Response): Promise<{ ok: boolean; message: string; fieldErrors?: Record<string, string[]> }> {
  const decoded = await decodeTurboStream(res.body!, globalThis);
  await decoded.done;
  return (decoded.value as { data: { ok: boolean; message: string; fieldErrors?: Record<string, string[]> } }).data;
}

describe.each(databaseKinds)("a NUL on %s (PostgreSQL text cannot hold one)", (kind) => {
  const USER = "agent@roimedia.co.za";
  const PASSWORD = "a long enough passphrase";
  let database: TestDatabase;
  let site: RunningServer;
  let address = 0;
  const visitor = () => ({ "x-forwarded-for": `192.0.2.${++address}` });

  async function count(table: string): Promise<number> {
    if (kind === "sqlite") return readSiteDb<{ n: number }>(site.dataDir, `SELECT count(*) AS n FROM ${table}`)[0]!.n;
    const client = new pg.Client(database.settings.DATABASE_URL);
    await client.connect();
    try {
      return Number((await client.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const settings = {
      DATA_DIR: database.settings.DATA_DIR,
      ...(database.settings.DATABASE_URL ? { DATABASE_URL: database.settings.DATABASE_URL } : {}),
    };
    site = await startServer({ ...settings, ALTCHA_COST: "20", TRUST_PROXY: "x-forwarded-for" });
    await createUser(database.settings.DATA_DIR, USER, PASSWORD, database.settings.DATABASE_URL);
  }, 60_000);
  afterAll(async () => {
    await site?.stop();
    await database?.dispose();
  });

  const title = "in any text field of any form is refused 400 with the field's message, never 500; the same posts without it are stored";
  it(title, { timeout: 120_000 }, async () => {
    const slot = /name="slot" value="([^"]+)"/.exec(await (await fetch(`${site.url}/calendar`)).text())?.[1];
    expect(slot, "a free slot").toBeDefined();
    const plausible = posted.map((form) => (form.path === "/calendar" ? { ...form, fields: { ...form.fields, slot: slot! } } : form));

    for (const { path, form, fields } of plausible) {
      for (const { name, ...field } of textFieldsOf(form, fields)) {
        const withNul = { ...fields, [name]: insideOf(fields[name] as string, "\u0000", 0) };
        const answer = await postLead(site, path, { ...withNul, ...enhanced(await solveAltcha(site)) }, visitor());
        expect(answer.status, `${path} with a NUL in ${name}`).toBe(400);
        expect((answer.result as { fieldErrors?: Record<string, string[]> }).fieldErrors?.[name]?.[0], `${path} ${name}`).toBe(
          notAllowed(shortLabelOf(field)),
        );
      }
    }
    for (const table of leadTables) expect(await count(table), `${table} rows`).toBe(0);

    // The posts were refused for the NUL alone: without it each is stored.
    for (const { path, fields } of plausible) {
      const answer = await postLead(site, path, { ...fields, ...enhanced(await solveAltcha(site)) }, visitor());
      expect(answer.status, path).toBeLessThan(300);
    }
    expect(await count("form_submissions")).toBe(4);
    expect(await count("bookings")).toBe(1);
    expect(site.output()).not.toMatch(/Could not store|(?:\n|\\n)\s+at /);
  });

  it("in the inbox's sign-in, search, note, look-up and users is refused with the field's message, never 500", async () => {
    const cookies = new Map<string, string>();
    const request = async (pathname: string, body?: Record<string, string>) => {
      const res = await fetch(`${site.url}${pathname}`, {
        method: body ? "POST" : "GET",
        redirect: "manual",
        headers: { ...visitor(), cookie: [...cookies].map(([n, v]) => `${n}=${v}`).join("; "), ...(body ? { origin: site.url } : {}) },
        body: body ? new URLSearchParams(body) : undefined,
      });
      for (const line of res.headers.getSetCookie()) {
        const [name, ...value] = line.split(";")[0]!.split("=");
        cookies.set(name!.trim(), value.join("="));
      }
      return { status: res.status, text: decodeEntities(await res.text()) };
    };
    const tokenIn = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1] ?? "";

    const token = tokenIn((await request("/admin/login")).text, "token");
    const stranger = await request("/admin/login", { token, email: "agent\u0000@roimedia.co.za", password: PASSWORD, next: "/admin" });
    expect(stranger.status).toBe(400);
    expect(stranger.text).toContain(notAllowed(commonFields.email.shortLabel));
    expect((await signInOverHttp(request, USER, PASSWORD)).signedIn).toBe(true);

    const inbox = await request("/admin");
    const leadPath = /href="(\/admin\/leads\/\d+)"/.exec(inbox.text)?.[1];
    expect(leadPath, "a lead in the inbox").toBeDefined();
    const csrf = tokenIn(inbox.text, "csrf");

    const search = await request("/admin?q=Sipho%00");
    expect(search.status).toBe(400);
    expect(search.text).toContain(notAllowed("Search"));
    expect((await request("/admin/export.csv?q=Sipho%00")).status).toBe(400);

    const note = await request(leadPath!, { csrf, intent: "note", note: "Called back\u0000" });
    expect(note.status).toBe(400);
    expect(note.text).toContain(notAllowed("Note"));
    expect((await request(leadPath!)).text).not.toContain("Called back");

    const lookup = await request("/admin/forget", { csrf, intent: "find", email: "sipho\u0000@example.co.za" });
    expect(lookup.status).toBe(400);
    expect(lookup.text).toContain(notAllowed(commonFields.email.shortLabel));

    const added = await request("/admin/users", { csrf, intent: "add", email: "new\u0000@roimedia.co.za", role: "reader" });
    expect(added.status).toBe(400);
    expect(added.text).toContain(notAllowed(commonFields.email.shortLabel));
    expect((await request("/admin/sessions", { csrf, intent: "end", session: "a\u0000b" })).status).toBe(404);
    expect((await request("/admin/users", { csrf, intent: "remove", user: "1\u0000" })).status).toBe(404);
    expect(site.output()).not.toMatch(/(?:\n|\\n)\s+at /);
  });
});
