import { expect } from "vitest";
import { decodeMime, enhanced, postLead, solveAltcha, waitFor } from "#tests/support/leads.ts";
import type { RunningServer } from "#tests/support/server.ts";
import type { SmtpCounter } from "#tests/support/smtp-counter.ts";

/** The messages to `address` whose subject matches, decoded as a mail client shows them. */
export const mailTo = (smtp: SmtpCounter, address: string, subject: RegExp) =>
  smtp.deliveries
    .filter((d) => d.to.includes(address))
    .map((d) => decodeMime(d.raw))
    .filter((mail) => subject.test(/^Subject: (.*)$/m.exec(mail)?.[1] ?? ""));

/**
 * Subscribes through the blog's form, from the address in `headers`, and
 * answers the confirmation mail's links (site paths); with `confirm`, also
 * presses its confirm button.
 */
export async function subscribe(
  server: RunningServer,
  smtp: SmtpCounter,
  email: string,
  headers: Record<string, string>,
  { confirm = false } = {},
): Promise<{ confirm: string; unsubscribe: string }> {
  const answer = await postLead(server, "/blog", { email, ...enhanced(await solveAltcha(server)) }, headers);
  expect(answer.status, email).toBe(200);
  const mail = await waitFor(() => mailTo(smtp, email, /^Please confirm/).at(0), `the confirmation to ${email}`);
  const link = (kind: string) => new RegExp(`https?://[^\\s<>"]+(/newsletter/${kind}/[\\w.-]+)`).exec(mail)![1]!;
  const links = { confirm: link("confirm"), unsubscribe: link("unsubscribe") };
  if (confirm) {
    const confirmed = await fetch(`${server.url}${links.confirm}`, { method: "POST", body: new URLSearchParams({ intent: "confirm" }) });
    expect(confirmed.status, `${email} confirmed`).toBe(200);
  }
  return links;
}
