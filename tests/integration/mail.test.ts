import { afterEach, describe, expect, it } from "vitest";
import { SMTPServer } from "smtp-server";
import { readSiteDb } from "#tests/support/database.ts";
import { decodeMime, enhanced, outboxPollsSince, postLead, solveAltcha, waitFor } from "#tests/support/leads.ts";
import { freePort, type RunningServer, startServer } from "#tests/support/server.ts";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtp(port: number): Promise<{ received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: decodeMime(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", resolve));
  return { received, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

const mailSettings = (port: number) => ({
  SMTP_URL: `smtp://127.0.0.1:${port}`,
  MAIL_FROM: "ROI Media Website <website@roimedia.test>",
  NOTIFY_TO: "leads@roimedia.test",
  ALTCHA_COST: "20",
  OUTBOX_POLL_MS: "100",
  OUTBOX_RETRY_BASE_MS: "200",
  OUTBOX_RETRY_MAX_MS: "400",
});

const outboxOf = (server: RunningServer, email: string) =>
  readSiteDb<{ status: string; attempts: number; last_error: string | null; sent_at: string | null }>(
    server.dataDir,
    "SELECT status, attempts, last_error, sent_at FROM outbox WHERE reply_to = ?",
    email,
  )[0];

describe("notifications over SMTP", () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it("delivers the lead to NOTIFY_TO from MAIL_FROM with Reply-To the visitor, in text and HTML", async () => {
    const port = await freePort();
    const smtp = await startSmtp(port);
    cleanup.push(smtp.close);
    const server = await startServer(mailSettings(port));
    cleanup.push(server.stop);

    const email = `smtp-${Date.now()}@example.co.za`;
    const fields = {
      name: "Naledi <b>M</b>",
      email,
      company: "Naledi & Co",
      goals: "Automate reporting",
      ...enhanced(await solveAltcha(server)),
    };
    expect((await postLead(server, "/free-ai-assessment", fields)).status).toBe(200);

    const mail = await waitFor(() => smtp.received.find((m) => m.raw.includes(email)), "the SMTP delivery");
    expect(mail.from).toBe("website@roimedia.test");
    expect(mail.to).toEqual(["leads@roimedia.test"]);
    expect(mail.raw).toContain(`Reply-To: ${email}`);
    expect(mail.raw).toContain("Subject: New AI assessment request: Naledi <b>M</b>, Naledi & Co");
    expect(mail.raw).toContain("Content-Type: text/plain");
    expect(mail.raw).toContain("Name: Naledi <b>M</b>");
    expect(mail.raw).toContain("Current AI Usage: Not specified");
    expect(mail.raw).toContain("Naledi &#60;b&#62;M&#60;/b&#62;");
    await waitFor(() => outboxOf(server, email)?.status === "sent" || undefined, "the outbox to say sent");
    expect(outboxOf(server, email)).toMatchObject({ status: "sent", attempts: 1, last_error: null });
  });

  it("keeps the lead while the mail server is down, retries, and delivers once it is back", async () => {
    const port = await freePort();
    const server = await startServer(mailSettings(port));
    cleanup.push(server.stop);

    const email = `down-${Date.now()}@example.co.za`;
    const answer = await postLead(server, "/blog", { email, ...enhanced(await solveAltcha(server)) });
    expect(answer.status).toBe(200);
    expect(readSiteDb(server.dataDir, "SELECT email FROM form_submissions WHERE email = ?", email)).toHaveLength(1);

    const failing = await waitFor(() => {
      const row = outboxOf(server, email);
      return row && row.attempts >= 2 ? row : undefined;
    }, "two failed attempts");
    expect(failing.status).toBe("retrying");
    expect(failing.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(server.output()).toMatch(/Notification \d+ \(Newsletter\) attempt \d failed/);

    const smtp = await startSmtp(port);
    cleanup.push(smtp.close);
    await waitFor(() => smtp.received.find((m) => m.raw.includes(email)), "the delivery after the outage");
    const sent = await waitFor(
      () => (outboxOf(server, email)?.status === "sent" ? outboxOf(server, email) : undefined),
      "the outbox to say sent",
    );
    // A few more polls of the worker: the message must not come twice.
    await outboxPollsSince(sent.sent_at!, Number(mailSettings(port).OUTBOX_POLL_MS));
    // The agency's notification and the subscriber's confirmation (double opt-in), each once.
    await waitFor(() => smtp.received.filter((m) => m.raw.includes(email)).length >= 2 || undefined, "the confirmation too");
    const subjects = smtp.received.filter((m) => m.raw.includes(email)).map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1]?.split(":")[0]);
    expect(subjects.sort()).toEqual(["New newsletter subscriber", "Please confirm your subscription to ROI Media's weekly ROI insights"]);
  });
});
