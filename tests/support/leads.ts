import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from "react-router";
import { botFields, enhancedMarker } from "#app/forms/bot-fields.ts";
import type { LeadResult } from "#app/forms/lead-result.ts";
import { checkFormToken, issueFormToken } from "#server/captcha/form-token.ts";
import { loadMasterKey, siteSecrets } from "#server/captcha/keys.ts";
import type { RunningServer } from "#tests/support/server.ts";

export type Fields = Record<string, string | string[]>;

/** Where the test process itself posts: the app's own address (a site behind nginx has one of its own too). */
const appUrl = (server: RunningServer & { appUrl?: string }) => server.appUrl ?? server.url;

export interface LeadAnswer {
  status: number;
  headers: Headers;
  result: LeadResult;
}

function encode(fields: Fields): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  }
  return body;
}

/**
 * Posts form fields the way the enhanced form's fetcher does (to the route's
 * `.data` URL) and decodes React Router's answer into the LeadResult.
 */
export async function postLead(
  server: RunningServer,
  pagePath: string,
  fields: Fields,
  headers: Record<string, string> = {},
): Promise<LeadAnswer> {
  const res = await fetch(`${appUrl(server)}${pagePath}.data`, { method: "POST", body: encode(fields), headers });
  if (!res.body || !res.headers.get("content-type")?.includes("text/x-script")) {
    throw new Error(`${pagePath}: unexpected ${res.status} ${res.headers.get("content-type")}: ${await res.text()}`);
  }
  const decoded = await decodeTurboStream(res.body, globalThis);
  await decoded.done;
  return { status: res.status, headers: res.headers, result: (decoded.value as { data: LeadResult }).data };
}

/** Posts a form as a browser without JavaScript does: to the page itself, answered with HTML. */
export async function postPage(server: RunningServer, pagePath: string, fields: Fields, headers: Record<string, string> = {}) {
  const res = await fetch(`${appUrl(server)}${pagePath}`, { method: "POST", body: encode(fields), headers });
  return { status: res.status, html: await res.text() };
}

/** Fetches an ALTCHA challenge from the server and solves it as the widget would, returning its payload. */
export async function solveAltcha(server: RunningServer): Promise<string> {
  const challenge = await (await fetch(`${appUrl(server)}/api/altcha/challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("could not solve the ALTCHA challenge");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** The hidden fields of an enhanced post carrying this captcha token. */
export function enhanced(token: string): Fields {
  return { [botFields.enhanced]: enhancedMarker, [botFields.captchaToken]: token, [botFields.honeypot]: "" };
}

/** A form token as the page would have rendered it `ageMs` ago, signed with the server's ALTCHA_HMAC_KEY. */
export function formTokenAged(hmacKey: string, ageMs: number): string {
  return issueFormToken(siteSecrets(hmacKey).formToken, Date.now() - ageMs);
}

/**
 * Resolves once the server would take this form token as old enough: a post
 * without JavaScript less than 3 seconds after its page was rendered is refused
 * (a person takes that long to fill in a form). So a test waits for the
 * server's own rule to hold, checked with the site key, not for a guessed time.
 */
export async function waitUntilFormTokenAccepted(token: string, siteKey: string): Promise<void> {
  const secret = siteSecrets(siteKey).formToken;
  await waitFor(() => {
    const check = checkFormToken(secret, token);
    if (!check.ok && check.reason !== "too-fresh") throw new Error(`the form token is ${check.reason}: ${token}`);
    return check.ok || undefined;
  }, "the form token to be old enough");
}

/** The site key a server started without ALTCHA_HMAC_KEY generated into its data directory. */
export function generatedSiteKey(server: { dataDir: string }): string {
  return loadMasterKey({ DATA_DIR: server.dataDir });
}

/** The .eml notifications a server without SMTP_URL has written so far. */
export function writtenMail(dataDir: string): string[] {
  return writtenMailAsSent(dataDir).map((text) => decodeMime(text));
}

/** The mails as written, encoded: a base64 part's padding is what decodeMime would take for a soft break. */
export function writtenMailAsSent(dataDir: string): string[] {
  const dir = path.join(dataDir, "mail");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => readFileSync(path.join(dir, name), "utf8"));
}

/**
 * Unfolds the message's headers and undoes quoted-printable soft breaks and
 * escapes in its body, so assertions read the message as a mail client shows it.
 */
export function decodeMime(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
  const body = raw
    .slice(split)
    .replace(/=\r?\n/g, "")
    // A run of escapes is the UTF-8 bytes of its characters.
    .replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replaceAll("=", ""), "hex").toString("utf8"));
  return headers + body;
}

/**
 * Resolves once the outbox workers have had `polls` polls of `pollMs` since
 * `sentAt`, when the last notification was marked sent. A message sent twice
 * would come from such a later poll: that it does not come can only show over
 * time, so the test waits for these polls, counted from the send, not for a
 * guessed time from whenever it noticed.
 */
export async function outboxPollsSince(sentAt: Date | string, pollMs: number, polls = 4): Promise<void> {
  const until = new Date(sentAt).getTime() + polls * pollMs;
  await waitFor(() => Date.now() >= until || undefined, `${polls} outbox polls after the last send`);
}

export async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The confirm and unsubscribe links of the confirmation a newsletter signup sent `email` (as paths), once it is written. */
export async function newsletterLinks(dataDir: string, email: string): Promise<{ confirm: string; unsubscribe: string }> {
  const to = new RegExp(`^To: ${email}$`, "m");
  const mail = await waitFor(() => writtenMail(dataDir).find((m) => to.test(m)), `the confirmation to ${email}`);
  const link = (kind: string) => new RegExp(`https?://[^\\s<>"]+(/newsletter/${kind}/[\\w.-]+)`).exec(mail)![1]!;
  return { confirm: link("confirm"), unsubscribe: link("unsubscribe") };
}
