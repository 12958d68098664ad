import { randomBytes } from "node:crypto";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { botFields } from "#app/forms/bot-fields.ts";
import { botCheckFailed, checkTheFields, rateLimitMessage, rateLimitTitle } from "#app/forms/messages.ts";
import { readSiteDb } from "#tests/support/database.ts";
import {
  enhanced,
  type Fields,
  formTokenAged,
  postLead,
  postPage,
  solveAltcha,
  waitFor,
  waitUntilFormTokenAccepted,
  writtenMail,
} from "#tests/support/leads.ts";
import { type RunningServer, startServer } from "#tests/support/server.ts";
import { orderMessages, splitOrderMessage } from "#app/forms/order.ts";
import { websiteUrlMessage } from "#app/forms/rules.ts";
import { forms } from "#app/forms/registry.ts";

const HMAC_KEY = randomBytes(32).toString("hex");
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({
    ALTCHA_HMAC_KEY: HMAC_KEY,
    // A proof of work the test solves in milliseconds; the widget's real cost is the default.
    ALTCHA_COST: "20",
    OUTBOX_POLL_MS: "100",
    // Each test posts from its own address, so the rate limits of one do not touch another.
    TRUST_PROXY: "x-forwarded-for",
  });
});
afterAll(async () => {
  await server?.stop();
});

let addressCounter = 0;
/** A fresh client address (sent as X-Forwarded-For, which this server trusts). */
function visitor(): Record<string, string> {
  addressCounter++;
  return { "x-forwarded-for": `198.51.100.${addressCounter}`, "user-agent": "LeadTest/1.0" };
}

const rows = (table: string, where = "1=1", ...params: Array<string | number>) =>
  readSiteDb(server.dataDir, `SELECT * FROM ${table} WHERE ${where} ORDER BY id`, ...params);
const count = (table: string) => readSiteDb<{ n: number }>(server.dataDir, `SELECT count(*) AS n FROM ${table}`)[0]!.n;
const leadCounts = () => ({
  form_submissions: count("form_submissions"),
  company_profile_leads: count("company_profile_leads"),
  service_orders: count("service_orders"),
  outbox: count("outbox"),
});

/** Waits for the worker to write the notification whose text contains `marker`. */
const mailWith = (marker: string) => waitFor(() => writtenMail(server.dataDir).find((m) => m.includes(marker)), `mail with ${marker}`);

async function withCaptcha(fields: Fields): Promise<Fields> {
  return { ...fields, ...enhanced(await solveAltcha(server)) };
}

const contactFields = (email: string): Fields => ({
  name: "Thandi Nkosi",
  email,
  company: "Nkosi Logistics",
  website: "nkosi.co.za",
  budget: "6.5k-12.4k",
  service: "linkedin-ads",
  message: "We spend R40k a month on LinkedIn and want cheaper leads.",
});

const orderFields = (email: string): Fields => ({
  name: "Pieter van Wyk",
  email,
  phone: "+27 82 555 0101",
  company: "Van Wyk Wines",
  website: "",
  service: "strategy",
  tier: "Monthly Retainer",
  additionalServices: ["SEO & Content Marketing", "Custom Analytics Setup"],
  industry: "Wine export",
  currentMarketing: "",
  monthlyBudget: "R 20,000 - R 50,000",
  goals: "Grow export orders by 30%",
  startDate: "Within 1 month",
  teamSize: "",
  currentChallenges: "Attribution across markets",
  additionalInfo: "",
});

describe("each form stores what SPEC.md section 3 lists and queues its notification", () => {
  it("newsletter: form_type newsletter, the email and the placeholder name", async () => {
    const email = `news-${Date.now()}@example.co.za`;
    const answer = await postLead(server, "/blog", await withCaptcha({ email }), visitor());
    expect(answer.status).toBe(200);
    expect(answer.result).toEqual({ ok: true, form: "newsletter", ...forms.newsletter.messages.success });
    const [row] = rows("form_submissions", "email = ?", email);
    expect(row).toMatchObject({
      form_type: "newsletter",
      email,
      name: "Newsletter Subscriber",
      company: null,
      message: null,
      bot_check: "altcha",
    });
    const mail = await mailWith(`Subject: New newsletter subscriber: ${email}`);
    expect(mail).toContain(`Email: ${email}`);
    expect(mail).toContain("Subscription: Not confirmed yet");
    // And the subscriber is asked to confirm (double opt-in, tests/e2e/newsletter.test.ts).
    const to = new RegExp(`^To: ${email}$`, "m");
    const confirmation = await waitFor(() => writtenMail(server.dataDir).find((m) => to.test(m)), `mail to ${email}`);
    expect(confirmation).toContain("Subject: Please confirm your subscription");
  });

  it("contact: name, email, company, website, budget, service and message", async () => {
    const email = `contact-${Date.now()}@example.co.za`;
    const answer = await postLead(server, "/contact", await withCaptcha(contactFields(email)), visitor());
    expect(answer.result).toEqual({ ok: true, form: "contact", ...forms.contact.messages.success });
    const [row] = rows("form_submissions", "email = ?", email);
    expect(row).toMatchObject({
      form_type: "contact",
      name: "Thandi Nkosi",
      company: "Nkosi Logistics",
      website: "nkosi.co.za",
      budget: "6.5k-12.4k",
      service: "linkedin-ads",
      message: "We spend R40k a month on LinkedIn and want cheaper leads.",
      platform: null,
      user_agent: "LeadTest/1.0",
    });
    expect(row!.client_address).toMatch(/^198\.51\.100\.\d+$/);
    const [queued] = rows("outbox", "lead_table = 'form_submissions' AND lead_id = ?", row!.id as number);
    expect(queued).toMatchObject({ kind: "Contact", reply_to: email });
    const mail = await mailWith(email);
    expect(mail).toContain("Subject: New contact form message: Thandi Nkosi, Nkosi Logistics");
    expect(mail).toContain(`Reply-To: ${email}`);
    expect(mail).toContain("To: info@roimedia.co.za");
    for (const line of [
      "Name: Thandi Nkosi",
      "Company: Nkosi Logistics",
      "Website: nkosi.co.za",
      "Monthly Ad Budget: R6,500 - R12,400 (Growth)",
      "Primary Interest: LinkedIn Ads",
      "Message: We spend R40k a month on LinkedIn and want cheaper leads.",
      "Bot check: ALTCHA proof of work",
    ]) {
      expect(mail).toContain(line);
    }
    expect(mail).toContain("Content-Type: text/html");
  });

  it("audit: name, email, website, budget and platform", async () => {
    const email = `audit-${Date.now()}@example.co.za`;
    const fields = { name: "Lerato M", email, website: "https://lerato.shop", budget: "900k+", platform: "meta" };
    const answer = await postLead(server, "/free-audit", await withCaptcha(fields), visitor());
    expect(answer.result).toEqual({ ok: true, form: "audit", ...forms.audit.messages.success });
    expect(rows("form_submissions", "email = ?", email)[0]).toMatchObject({
      form_type: "audit",
      name: "Lerato M",
      website: "https://lerato.shop",
      budget: "900k+",
      platform: "meta",
      company: null,
      message: null,
    });
    const mail = await mailWith(email);
    expect(mail).toContain("Monthly Ad Budget: R900,000+");
    expect(mail).toContain("Platform: Meta (Facebook & Instagram)");
  });

  it("AI assessment: the message merges current AI usage and goals", async () => {
    const email = `ai-${Date.now()}@example.co.za`;
    const fields = {
      name: "Sipho D",
      email,
      company: "Dlamini Legal",
      website: "",
      currentAIUsage: "ChatGPT for drafts",
      goals: "Automate intake",
    };
    const answer = await postLead(server, "/free-ai-assessment", await withCaptcha(fields), visitor());
    expect(answer.result).toEqual({ ok: true, form: "aiAssessment", ...forms.aiAssessment.messages.success });
    expect(rows("form_submissions", "email = ?", email)[0]).toMatchObject({
      form_type: "AI Assessment Request",
      name: "Sipho D",
      company: "Dlamini Legal",
      website: null,
      message: "Current AI Usage: ChatGPT for drafts\n\nGoals: Automate intake",
    });
    expect(rows("outbox", "reply_to = ?", email)[0]).toMatchObject({ kind: "AI Assessment Request" });
  });

  it("company profile: name and email, company and phone null when empty", async () => {
    const email = `profile-${Date.now()}@example.co.za`;
    const answer = await postLead(
      server,
      "/company-profile",
      await withCaptcha({ name: "Ayesha K", email, company: "", phone: "" }),
      visitor(),
    );
    expect(answer.result).toEqual({ ok: true, form: "companyProfile", ...forms.companyProfile.messages.success });
    expect(rows("company_profile_leads", "email = ?", email)[0]).toMatchObject({ name: "Ayesha K", company: null, phone: null });
    const mail = await mailWith(email);
    expect(mail).toContain("Company: Not specified");
    expect(rows("outbox", "reply_to = ?", email)[0]).toMatchObject({ kind: "CompanyProfile", lead_table: "company_profile_leads" });
  });

  it("order: every field, additional services as a list, and a message naming each detail", async () => {
    const email = `order-${Date.now()}@example.co.za`;
    const answer = await postLead(server, "/get-started", await withCaptcha(orderFields(email)), visitor());
    expect(answer.result).toEqual({ ok: true, form: "order", ...forms.order.messages.success });
    const [row] = rows("service_orders", "email = ?", email);
    expect(row).toMatchObject({
      name: "Pieter van Wyk",
      phone: "+27 82 555 0101",
      company: "Van Wyk Wines",
      website: null,
      service: "strategy",
      tier: "Monthly Retainer",
      industry: "Wine export",
      current_marketing: null,
      monthly_budget: "R 20,000 - R 50,000",
      goals: "Grow export orders by 30%",
      start_date: "Within 1 month",
      team_size: null,
      current_challenges: "Attribution across markets",
      additional_info: null,
    });
    expect(JSON.parse(row!.additional_services as string)).toEqual(["SEO & Content Marketing", "Custom Analytics Setup"]);
    const mail = await mailWith(email);
    for (const line of [
      "Service: Strategy & Consulting",
      "Tier: Monthly Retainer",
      "Additional Services: SEO & Content Marketing, Custom Analytics Setup",
      "Industry: Wine export",
      "Current Marketing: Not specified",
      "Monthly Budget: R 20,000 - R 50,000",
      "Goals: Grow export orders by 30%",
      "Preferred Start Date: Within 1 month",
      "Team Size: Not specified",
      "Challenges: Attribution across markets",
      "Additional Info: Not specified",
      "Website: Not specified",
    ]) {
      expect(mail).toContain(line);
    }
    expect(rows("outbox", "reply_to = ?", email)[0]).toMatchObject({ kind: "Service Order", lead_table: "service_orders" });
  });

  it("escapes what the visitor typed in the HTML part", async () => {
    const email = `html-${Date.now()}@example.co.za`;
    const fields = { ...contactFields(email), message: `<script>alert("x")</script> & more` };
    expect((await postLead(server, "/contact", await withCaptcha(fields), visitor())).status).toBe(200);
    const mail = await mailWith(email);
    const html = mail.slice(mail.indexOf("Content-Type: text/html"));
    expect(html).toContain("&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; more");
    expect(html).not.toContain("<script>");
    // The plain-text part shows the text as typed.
    expect(mail.slice(0, mail.indexOf("Content-Type: text/html"))).toContain(`Message: <script>alert("x")</script> & more`);
  });

  it("contact: an address at an internationalised domain is stored as typed, and its notification replies to it", async () => {
    const local = `idn-${Date.now()}`;
    const typed = `${local}@müller.co.za`;
    // As Chromium posts an email input (the domain in punycode), and as typed with a decomposed ü.
    for (const posted of [`${local}@xn--mller-kva.co.za`, `${local}@mu\u0308ller.co.za`]) {
      const answer = await postLead(server, "/contact", await withCaptcha(contactFields(posted)), visitor());
      expect(answer.result, posted).toEqual({ ok: true, form: "contact", ...forms.contact.messages.success });
    }
    const stored = rows("form_submissions", "email = ?", typed);
    expect(stored).toHaveLength(2);
    expect(rows("outbox", "reply_to = ?", typed)).toHaveLength(2);
    const mails = await waitFor(() => {
      const found = writtenMail(server.dataDir).filter((m) => m.includes(local));
      return found.length === 2 ? found : undefined;
    }, "both notifications");
    for (const mail of mails) {
      // Mail reaches the domain by its ASCII name; the text shows the address as typed.
      expect(mail).toContain(`Reply-To: ${local}@xn--mller-kva.co.za`);
      expect(mail).toContain(`Reply to this email to answer ${typed}.`);
    }
  });
});

describe("every refusal answers its message and stores nothing", () => {
  it("validation: per-field messages from the schema", async () => {
    const before = leadCounts();
    const answer = await postLead(
      server,
      "/contact",
      await withCaptcha({ name: " ", email: "not-an-email", company: "Acme", budget: "a lot" }),
      visitor(),
    );
    expect(answer.status).toBe(400);
    expect(answer.result).toMatchObject({ ok: false, title: "Error", message: checkTheFields, reason: "validation" });
    expect(answer.result.ok === false && answer.result.fieldErrors).toEqual({
      name: ["Name is required"],
      email: ["Please enter a valid email address"],
      budget: ["Please select your budget range"],
    });
    expect(answer.result.ok === false && answer.result.values).toMatchObject({ name: " ", email: "not-an-email", company: "Acme" });
    expect(leadCounts()).toEqual(before);
  });

  it("validation: the AI assessment's website is a web address, posted with JavaScript or without (SPEC.md section 5)", async () => {
    const before = leadCounts();
    const fields = {
      name: "Sipho D",
      email: "sipho@example.co.za",
      company: "Dlamini Legal",
      website: "notaurl",
      goals: "Automate intake",
    };
    const enhancedPost = await postLead(server, "/free-ai-assessment", await withCaptcha(fields), visitor());
    expect(enhancedPost.status).toBe(400);
    expect(enhancedPost.result.ok === false && enhancedPost.result.fieldErrors).toEqual({ website: [websiteUrlMessage] });
    const page = await postPage(
      server,
      "/free-ai-assessment",
      { ...fields, [botFields.formToken]: formTokenAged(HMAC_KEY, 5000) },
      visitor(),
    );
    expect(page.status).toBe(400);
    expect(page.html).toContain(websiteUrlMessage);
    expect(leadCounts()).toEqual(before);
  });

  it("validation: the order wizard's step messages", async () => {
    const before = leadCounts();
    const step1 = await postLead(server, "/get-started", await withCaptcha({ ...orderFields("bad@email"), phone: "" }), visitor());
    expect(step1.status).toBe(400);
    // Titled and worded as the wizard's own step check says it (SPEC.md section 8: Order validation).
    expect(step1.result).toMatchObject(splitOrderMessage(orderMessages.step1Missing));
    expect(step1.result.ok === false && step1.result.fieldErrors).toMatchObject({
      phone: [orderMessages.step1Missing],
      email: [orderMessages.invalidEmail],
    });
    const step2 = await postLead(server, "/get-started", await withCaptcha({ ...orderFields("a@b.co"), tier: "Enterprise" }), visitor());
    expect(step2.result).toMatchObject(splitOrderMessage(orderMessages.step2Missing));
    const email = await postLead(server, "/get-started", await withCaptcha(orderFields("bad@email")), visitor());
    expect(email.result).toMatchObject(splitOrderMessage(orderMessages.invalidEmail));
    const step4 = await postLead(server, "/get-started", await withCaptcha({ ...orderFields("a@b.co"), startDate: "" }), visitor());
    expect(step4.result).toMatchObject(splitOrderMessage(orderMessages.step4Missing));
    expect(leadCounts()).toEqual(before);
  });

  it("honeypot: a filled hidden field is a bot's", async () => {
    const before = leadCounts();
    const fields = { ...(await withCaptcha(contactFields("bot@example.co.za"))), [botFields.honeypot]: "Bot McBotface" };
    const answer = await postLead(server, "/contact", fields, visitor());
    expect(answer.status).toBe(400);
    expect(answer.result).toMatchObject({ ok: false, ...forms.contact.messages.failure, reason: "honeypot" });
    expect(answer.result.ok === false && answer.result.values).not.toHaveProperty(botFields.honeypot);
    expect(leadCounts()).toEqual(before);
  });

  it("captcha: an enhanced post without a token, and a wrong solution", async () => {
    const before = leadCounts();
    const missing = await postLead(
      server,
      "/free-ai-assessment",
      { ...enhanced(""), name: "A", email: "a@b.co", company: "C", goals: "G" },
      visitor(),
    );
    expect(missing.status).toBe(400);
    expect(missing.result).toMatchObject({ ok: false, title: "Error", message: botCheckFailed, reason: "captcha" });
    const wrong = await postLead(
      server,
      "/contact",
      { ...contactFields("x@example.co.za"), ...enhanced(Buffer.from("{}").toString("base64")) },
      visitor(),
    );
    expect(wrong.status).toBe(403);
    expect(wrong.result.message).toBe(forms.contact.messages.botCheckFailed);
    const garbage = await postLead(server, "/blog", { email: "x@example.co.za", ...enhanced("not base64 at all") }, visitor());
    expect(garbage.result.message).toBe(forms.newsletter.messages.botCheckFailed);
    expect(leadCounts()).toEqual(before);
  });

  it("captcha: a replayed ALTCHA solution is refused", async () => {
    const token = await solveAltcha(server);
    const first = await postLead(server, "/blog", { email: `replay-${Date.now()}@example.co.za`, ...enhanced(token) }, visitor());
    expect(first.status).toBe(200);
    const before = leadCounts();
    const again = await postLead(server, "/blog", { email: `replay2-${Date.now()}@example.co.za`, ...enhanced(token) }, visitor());
    expect(again.status).toBe(403);
    expect(again.result.message).toBe(forms.newsletter.messages.botCheckFailed);
    expect(leadCounts()).toEqual(before);
  });

  it("rate limits at the spec's counts, with the minutes remaining", async () => {
    const cases = [
      { path: "/contact", form: "contact" as const, fields: (i: number) => contactFields(`rl-${i}-${Date.now()}@example.co.za`) },
      {
        path: "/free-audit",
        form: "audit" as const,
        fields: (i: number) => ({ name: "A", email: `rl-${i}@example.co.za`, website: "a.co", budget: "60k+" }),
      },
      { path: "/blog", form: "newsletter" as const, fields: (i: number) => ({ email: `rl-${i}-${Date.now()}@example.co.za` }) },
    ];
    for (const { path: pagePath, form, fields } of cases) {
      const rule = forms[form].rateLimit;
      const from = visitor();
      for (let i = 0; i < rule.max; i++) {
        expect((await postLead(server, pagePath, await withCaptcha(fields(i)), from)).status, `${form} attempt ${i + 1}`).toBe(200);
      }
      const before = leadCounts();
      const over = await postLead(server, pagePath, await withCaptcha(fields(99)), from);
      expect(over.status).toBe(429);
      expect([over.headers.get("cache-control"), over.headers.get("retry-after")]).toEqual(["no-store", String(rule.windowMinutes * 60)]);
      expect(over.result).toMatchObject({
        ok: false,
        title: rateLimitTitle,
        message: rateLimitMessage(rule.windowMinutes),
        retryAfterMinutes: rule.windowMinutes,
        reason: "rate-limit",
      });
      expect(over.result.message).toBe(`Please wait ${rule.windowMinutes} minutes before trying again.`);
      expect(leadCounts()).toEqual(before);
    }
  });

  it("rate limits the AI assessment under the audit key, with its own message", async () => {
    const from = visitor();
    for (let i = 0; i < forms.audit.rateLimit.max; i++) {
      const audit = { name: "A", email: `shared-${i}@example.co.za`, website: "a.co", budget: "60k+" };
      expect((await postLead(server, "/free-audit", await withCaptcha(audit), from)).status).toBe(200);
    }
    const before = leadCounts();
    const ai = await postLead(
      server,
      "/free-ai-assessment",
      await withCaptcha({ name: "A", email: "a@b.co", company: "C", goals: "G" }),
      from,
    );
    expect(ai.status).toBe(429);
    expect(ai.result).toMatchObject({ ...forms.aiAssessment.messages.rateLimited, retryAfterMinutes: 30 });
    expect(leadCounts()).toEqual(before);
  });

  it("does not count posts that failed validation", async () => {
    const from = visitor();
    for (let i = 0; i < 5; i++) {
      expect((await postLead(server, "/contact", await withCaptcha({ name: "", email: "typo" }), from)).status).toBe(400);
    }
    for (let i = 0; i < forms.contact.rateLimit.max; i++) {
      expect((await postLead(server, "/contact", await withCaptcha(contactFields(`typo-${i}@example.co.za`)), from)).status).toBe(200);
    }
  });

  it("refuses a cross-site post before any form sees it", async () => {
    const before = leadCounts();
    const fields = await withCaptcha(contactFields("csrf@example.co.za"));
    const post = (headers: Record<string, string>) =>
      fetch(`${server.url}/contact.data`, {
        method: "POST",
        body: new URLSearchParams(fields as Record<string, string>),
        headers: { ...visitor(), ...headers },
      });
    const refused: Array<Record<string, string>> = [
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
      { origin: "null" },
    ];
    for (const headers of refused) {
      const res = await post(headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await res.text()).toBe("Cross-site form posts are refused.");
    }
    // A plain browser form on another site posting to the page itself meets the same refusal.
    expect((await postPage(server, "/contact", fields, { origin: "https://evil.example" })).status).toBe(403);
    expect(leadCounts()).toEqual(before);
    // The site's own pages are welcome.
    const own = await postLead(server, "/contact", fields, { ...visitor(), origin: server.url, "sec-fetch-site": "same-origin" });
    expect(own.status).toBe(200);
  });

  it("refuses a body over 32 KB with 413", async () => {
    const before = leadCounts();
    const fields = await withCaptcha({ ...contactFields("big@example.co.za"), message: "x".repeat(40 * 1024) });
    const answer = await postLead(server, "/contact", fields, visitor());
    expect(answer.status).toBe(413);
    expect(answer.result).toMatchObject({ ok: false, reason: "too-large", message: forms.contact.messages.failure.message });
    expect(leadCounts()).toEqual(before);
  });

  it("answers 500 with the form's failure message and keeps nothing half-written when the database fails", async () => {
    // The outbox insert fails after the lead's row was written in the same transaction.
    const db = new DatabaseSync(path.join(server.dataDir, "site.db"), { timeout: 10_000 });
    db.exec("CREATE TRIGGER break_outbox BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'disk on fire'); END");
    db.close();
    try {
      const before = leadCounts();
      const email = `broken-${Date.now()}@example.co.za`;
      const answer = await postLead(server, "/get-started", await withCaptcha(orderFields(email)), visitor());
      expect(answer.status).toBe(500);
      expect(answer.result).toMatchObject({ ok: false, ...forms.order.messages.failure, reason: "storage" });
      expect(leadCounts()).toEqual(before);
      expect(rows("service_orders", "email = ?", email)).toEqual([]);
    } finally {
      const fix = new DatabaseSync(path.join(server.dataDir, "site.db"), { timeout: 10_000 });
      fix.exec("DROP TRIGGER break_outbox");
      fix.close();
    }
  });
});

describe("visitors without JavaScript", () => {
  it("refuses a form token younger than 3 seconds", async () => {
    const before = leadCounts();
    const fields = {
      ...contactFields("fast@example.co.za"),
      [botFields.formToken]: formTokenAged(HMAC_KEY, 500),
      [botFields.honeypot]: "",
    };
    const answer = await postLead(server, "/contact", fields, visitor());
    expect(answer.status).toBe(403);
    expect(answer.result.message).toBe(forms.contact.messages.botCheckFailed);
    expect(leadCounts()).toEqual(before);
  });

  it("refuses a post with no form token, or one signed with another key", async () => {
    const before = leadCounts();
    expect((await postLead(server, "/blog", { email: "none@example.co.za" }, visitor())).result.message).toBe(
      forms.newsletter.messages.botCheckFailed,
    );
    const forged = formTokenAged(randomBytes(32).toString("hex"), 60_000);
    expect((await postLead(server, "/blog", { email: "forged@example.co.za", [botFields.formToken]: forged }, visitor())).status).toBe(403);
    expect(leadCounts()).toEqual(before);
  });

  it("accepts a form token older than 3 seconds once, stores the lead as noscript and says so in the notification", async () => {
    const email = `noscript-${Date.now()}@example.co.za`;
    const token = formTokenAged(HMAC_KEY, 4000);
    // A plain browser form post: to the page itself, answered with the page.
    const page = await postPage(
      server,
      "/contact",
      { ...contactFields(email), [botFields.formToken]: token, [botFields.honeypot]: "" },
      visitor(),
    );
    expect(page.status).toBe(200);
    expect(page.html).toContain("<html");
    const [row] = rows("form_submissions", "email = ?", email);
    expect(row).toMatchObject({ form_type: "contact", bot_check: "noscript" });
    const mail = await mailWith(email);
    expect(mail).toContain("[sent without JavaScript]");
    expect(mail).toContain("Bot check: none possible: sent from a browser without JavaScript");

    const before = leadCounts();
    const replay = await postLead(server, "/contact", { ...contactFields(`again-${email}`), [botFields.formToken]: token }, visitor());
    expect(replay.status).toBe(403);
    expect(leadCounts()).toEqual(before);
  });

  it("accepts the token the contact page itself renders, once the visitor took a few seconds", async () => {
    const html = await (await fetch(`${server.url}/contact`)).text();
    const token = new RegExp(`name="${botFields.formToken}"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="${botFields.formToken}"`).exec(
      html,
    );
    const rendered = token?.[1] ?? token?.[2];
    expect(rendered, "the contact page renders a form token").toBeTruthy();
    await waitUntilFormTokenAccepted(rendered!, HMAC_KEY);
    const email = `rendered-${Date.now()}@example.co.za`;
    const page = await postPage(
      server,
      "/contact",
      { ...contactFields(email), [botFields.formToken]: rendered!, [botFields.honeypot]: "" },
      visitor(),
    );
    expect(page.status).toBe(200);
    expect(rows("form_submissions", "email = ?", email)[0]).toMatchObject({ bot_check: "noscript" });
  });

  it("meets a stricter rate limit than the form's own", async () => {
    const from = visitor();
    const post = (i: number) =>
      postLead(
        server,
        "/blog",
        { email: `strict-${i}-${Date.now()}@example.co.za`, [botFields.formToken]: formTokenAged(HMAC_KEY, 5000) },
        from,
      );
    expect((await post(1)).status).toBe(200);
    expect((await post(2)).status).toBe(200);
    const third = await post(3);
    expect(third.status).toBe(429);
    expect(third.result.message).toBe(rateLimitMessage(60));
  });
});
