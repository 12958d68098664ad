import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { altchaTokens } from "#tests/support/altcha-tokens.ts";
import { type Cluster, startCluster } from "#tests/support/cluster.ts";
import { readSiteDb } from "#tests/support/database.ts";
import { enhanced, outboxPollsSince, waitFor, writtenMail } from "#tests/support/leads.ts";
import { postLeadFrom } from "#tests/support/loopback-client.ts";
import { freePort, type RunningServer, startServer } from "#tests/support/server.ts";
import { type SmtpCounter, startSmtpCounter } from "#tests/support/smtp-counter.ts";
import { startTcpProxy, type TcpProxy } from "#tests/support/tcp-proxy.ts";
import { forms } from "#app/forms/registry.ts";

/**
 * Faults a deployment meets, each bounded in time and count, on loopback only:
 * an instance killed mid-load, the mail server away, PostgreSQL unreachable,
 * the embedded database's disk full. `npm run bench` runs a longer kill -9.
 */

const databaseUrl = process.env.TEST_DATABASE_URL;
const HMAC_KEY = randomBytes(32).toString("hex");
const failure = forms.newsletter.messages.failure;
const OUTBOX_POLL_MS = 200;
/** A visitor's pause between two posts: the pace of the load, not a wait for anything. */
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

let visitors = 0;
/** A client address of its own for every post (X-Forwarded-For, trusted), so no rate limit interferes. */
const visitor = () => {
  visitors++;
  return { "x-forwarded-for": `10.${(visitors >> 16) & 255}.${(visitors >> 8) & 255}.${visitors & 255}` };
};

interface Outcome {
  email: string;
  instance: number;
  started: number;
  ended: number;
  /** 0 when the connection failed before an answer was read. */
  status: number;
  title?: string;
  message?: string;
}

async function postNewsletter(server: RunningServer, instance: number, email: string, token: string): Promise<Outcome> {
  const started = Date.now();
  try {
    // The whole answer is read before it is decoded, so one cut short by a crash fails here, caught.
    const answer = await postLeadFrom(server.url, "/blog", { email, ...enhanced(token) }, { headers: visitor() });
    return {
      email,
      instance,
      started,
      ended: Date.now(),
      status: answer.status,
      title: answer.result.title,
      message: answer.result.message,
    };
  } catch {
    return { email, instance, started, ended: Date.now(), status: 0 };
  }
}

/** Each instance's envelope sender, so the mail server can tell whose messages it holds. */
const senders = ["instance-a@roimedia.test", "instance-b@roimedia.test"];

const acknowledged = (outcomes: Outcome[]) => outcomes.filter((o) => o.status >= 200 && o.status < 300).map((o) => o.email);

describe.skipIf(!databaseUrl)(`two instances on one PostgreSQL${databaseUrl ? "" : " (skipped: TEST_DATABASE_URL is not set)"}`, () => {
  let smtp: SmtpCounter;
  let proxy: TcpProxy;
  let cluster: Cluster;

  beforeAll(async () => {
    smtp = await startSmtpCounter(await freePort());
    const target = new URL(databaseUrl!);
    // The instances reach PostgreSQL through a proxy of the test's own, so the database can be taken away from them alone.
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    cluster = await startCluster({
      count: 2,
      env: (i) => ({
        ALTCHA_HMAC_KEY: HMAC_KEY,
        TRUST_PROXY: "x-forwarded-for",
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        NOTIFY_TO: "leads@roimedia.test",
        OUTBOX_POLL_MS: String(OUTBOX_POLL_MS),
        OUTBOX_RETRY_BASE_MS: "200",
        OUTBOX_RETRY_MAX_MS: "1000",
        MAIL_FROM: senders[i]!,
        // Longer than the mail server is held below, so only a dead instance's messages change hands.
        OUTBOX_LEASE_MS: "5000",
      }),
      databaseUrl(url) {
        const viaProxy = new URL(url);
        viaProxy.hostname = "127.0.0.1";
        viaProxy.port = String(proxy.port);
        return viaProxy.toString();
      },
    });
  });

  afterAll(async () => {
    smtp?.release();
    await cluster?.stop();
    await proxy?.close();
    await smtp?.stop();
  });

  const leadsOf = (prefix: string) =>
    cluster.query<{ id: number; email: string }>("SELECT id, email FROM form_submissions WHERE email LIKE $1", [`${prefix}%`]);
  /** The leads stored under this prefix, after checking that every acknowledged one is among them. */
  const storedAcknowledging = async (prefix: string, outcomes: Outcome[]) => {
    const stored = await leadsOf(prefix);
    const storedEmails = new Set(stored.map((row) => row.email));
    expect(
      acknowledged(outcomes).filter((email) => !storedEmails.has(email)),
      "acknowledged but not stored",
    ).toEqual([]);
    return stored;
  };
  const unsent = async () => (await cluster.query<{ n: number }>("SELECT count(*)::int AS n FROM outbox WHERE status <> 'sent'"))[0]!.n;
  /** A few more polls of both workers after the last notification was sent: nothing may come twice. */
  const morePolls = async () => {
    const [last] = await cluster.query<{ at: Date }>("SELECT max(sent_at) AS at FROM outbox");
    await outboxPollsSince(last!.at, OUTBOX_POLL_MS);
  };

  it("kill -9 of one instance under 200 concurrent posts: every acknowledged lead is stored and notified exactly once", async () => {
    const prefix = `crash-${Date.now()}-`;
    const tokens = await altchaTokens(HMAC_KEY, 200);
    // The mail server takes messages but does not answer yet: the instance dies holding some mid-delivery.
    smtp.hold();
    const servers = [...cluster.instances];
    let ackedByA = 0;
    let killed: Promise<void> | undefined;
    // The mail server lets go once it has seen the dead instance's connections close (a message whose sender
    // died before hearing 250 is dropped, as a real one would drop it), and no later: held longer than B's
    // lease (a slow machine's 200 posts can take that long), B's own messages would change hands and go out twice.
    const releaseOnceDropped = async () => {
      await waitFor(() => smtp.heldFrom(senders[0]!) === 0 || undefined, "the dead instance's held messages dropped");
      smtp.release();
    };
    const outcomes = await Promise.all(
      tokens.map(async (token, i) => {
        const instance = i % 2;
        const outcome = await postNewsletter(servers[instance]!, instance, `${prefix}${i}@example.co.za`, token);
        if (instance === 0 && outcome.status === 200 && ++ackedByA === 20) killed = servers[0]!.kill().then(releaseOnceDropped);
        return outcome;
      }),
    );
    expect(killed, "instance A was killed mid-load").toBeDefined();
    await killed;
    const cutShort = outcomes.filter((o) => o.instance === 0 && o.status !== 200);
    expect(cutShort.length, "the kill caught posts in flight or still to come").toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.instance === 1).map((o) => o.status)).toEqual(Array(100).fill(200));

    await cluster.restart(0);
    // Messages the dead instance held come free when their lease runs out (5 s).
    await waitFor(async () => (await unsent()) === 0 || undefined, "every notification sent", 30_000);
    await morePolls();

    const stored = await storedAcknowledging(prefix, outcomes);
    const counts = smtp.countsByLead();
    expect(
      stored.filter((row) => counts.get(`form_submissions:${row.id}`) !== 1),
      "not notified exactly once",
    ).toEqual([]);
    expect(smtp.duplicates()).toEqual([]);
  });

  it("the mail server away for a while, then back: every notification is sent once, none dropped", async () => {
    await smtp.stop();
    const prefix = `smtp-down-${Date.now()}-`;
    const tokens = await altchaTokens(HMAC_KEY, 20);
    const outcomes = await Promise.all(
      tokens.map((token, i) => postNewsletter(cluster.instances[i % 2]!, i % 2, `${prefix}${i}@example.co.za`, token)),
    );
    expect(outcomes.map((o) => o.status)).toEqual(Array(20).fill(200));
    const retried = () =>
      cluster.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM outbox o JOIN form_submissions f ON o.lead_table = 'form_submissions' AND o.lead_id = f.id WHERE f.email LIKE $1 AND o.status = 'retrying' AND o.attempts >= 2",
        [`${prefix}%`],
      );
    await waitFor(async () => (await retried())[0]!.n === 20 || undefined, "every notification retried while the mail server is away");

    await smtp.start();
    // A message is counted before the mail server answers it, so once every message is marked sent, every count is in.
    await waitFor(async () => (await unsent()) === 0 || undefined, "every notification sent after the outage", 20_000);
    await morePolls();
    const counts = smtp.countsByLead();
    const stored = await leadsOf(prefix);
    expect(stored).toHaveLength(20);
    expect(stored.map((row) => counts.get(`form_submissions:${row.id}`))).toEqual(Array(20).fill(1));
  });

  it("PostgreSQL unreachable under load: the form's failure message while it is away, nothing half-written, service back without a restart", async () => {
    const prefix = `db-cut-${Date.now()}-`;
    const tokens = await altchaTokens(HMAC_KEY, 600);
    const pids = cluster.instances.map((instance) => instance.pid);
    const outcomes: Outcome[] = [];
    let stop = false;
    let n = 0;
    // Four visitors at a time, on both instances, posting until told to stop.
    const load = [0, 1, 2, 3].map(async (k) => {
      while (!stop && n < tokens.length) {
        const i = n++;
        outcomes.push(await postNewsletter(cluster.instances[k % 2]!, k % 2, `${prefix}${i}@example.co.za`, tokens[i]!));
        await pause(20);
      }
    });

    await waitFor(() => outcomes.filter((o) => o.status === 200).length >= 8 || undefined, "posts acknowledged before the cut");
    const cutAt = Date.now();
    proxy.cut();
    const failedSinceCut = () => outcomes.filter((o) => o.started > cutAt && o.status >= 500).length;
    await waitFor(() => failedSinceCut() > 0 || undefined, "a post to fail without its database");
    // Pages need no database: the site stays up.
    for (const instance of cluster.instances) expect((await fetch(`${instance.url}/`)).status).toBe(200);
    await waitFor(() => failedSinceCut() > 5 || undefined, "more posts to fail while the database is away");
    const restoredAt = Date.now();
    proxy.restore();
    await waitFor(
      () => outcomes.filter((o) => o.started > restoredAt && o.status === 200).length >= 8 || undefined,
      "posts to succeed again",
      15_000,
    );
    stop = true;
    await Promise.all(load);

    const whileAway = outcomes.filter((o) => o.started > cutAt && o.ended < restoredAt);
    expect(whileAway.length).toBeGreaterThan(5);
    for (const outcome of whileAway) {
      expect(outcome.status).toBeGreaterThanOrEqual(500);
      expect(outcome).toMatchObject({ title: failure.title, message: failure.message });
    }
    // Every post got an answer: a success or the failure message, never a dropped connection or another error.
    expect(outcomes.filter((o) => o.status !== 200 && !(o.status >= 500 && o.message === failure.message))).toEqual([]);
    expect(cluster.instances.map((instance) => instance.pid)).toEqual(pids);
    expect(cluster.instances.every((instance) => instance.running())).toBe(true);

    const stored = await storedAcknowledging(prefix, outcomes);
    // A lead and its notification are written together or not at all.
    const [orphans] = await cluster.query<{ leads_without: number; messages: number }>(
      `SELECT count(*) FILTER (WHERE o.id IS NULL)::int AS leads_without, count(o.id)::int AS messages
         FROM form_submissions f LEFT JOIN outbox o ON o.lead_table = 'form_submissions' AND o.lead_id = f.id
        WHERE f.email LIKE $1`,
      [`${prefix}%`],
    );
    expect(orphans).toEqual({ leads_without: 0, messages: stored.length });
    expect(cluster.instances.map((instance) => instance.output()).join("")).toMatch(/Could not (check|store) a newsletter lead/);
  });
});

const prlimit = "/usr/bin/prlimit";

describe.skipIf(!existsSync(prlimit))(
  `the embedded SQLite when the disk is full${existsSync(prlimit) ? "" : ` (skipped: ${prlimit} is missing)`}`,
  () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer({
        ALTCHA_HMAC_KEY: HMAC_KEY,
        TRUST_PROXY: "x-forwarded-for",
        OUTBOX_POLL_MS: "100",
        OUTBOX_LEASE_MS: "1000",
        // Ten newsletter copies at the lane's pace must fit the short lease (server/env.ts).
        NEWSLETTER_RATE_PER_MINUTE: "6000",
      });
    });
    afterAll(async () => {
      await server?.stop();
    });

    /**
     * A file-size limit of one byte on the server process (RLIMIT_FSIZE, which
     * binds root too): every write to a file past its first byte fails as on a
     * full disk, while the process and its pipes run on. Lifted again after.
     */
    const diskFull = (full: boolean) =>
      execFileSync(prlimit, ["--pid", String(server.pid), `--fsize=${full ? "1:unlimited" : "unlimited"}`]);
    const stored = () =>
      readSiteDb<{ email: string }>(server.dataDir, "SELECT email FROM form_submissions ORDER BY id").map((row) => row.email);

    it("answers the form's failure message, logs why, stays up and takes leads again once it can write", async () => {
      const tokens = await altchaTokens(HMAC_KEY, 8);
      const stamp = Date.now();
      expect((await postNewsletter(server, 0, `before-${stamp}@example.co.za`, tokens[0]!)).status).toBe(200);

      diskFull(true);
      try {
        for (let i = 1; i <= 5; i++) {
          const outcome = await postNewsletter(server, 0, `full-${stamp}-${i}@example.co.za`, tokens[i]!);
          expect(outcome.status).toBeGreaterThanOrEqual(500);
          expect(outcome).toMatchObject({ title: failure.title, message: failure.message });
        }
        expect((await fetch(`${server.url}/`)).status).toBe(200);
        expect(server.output()).toMatch(/Could not (check|store) a newsletter lead.*(disk|I\/O|full)/i);
      } finally {
        diskFull(false);
      }

      const after = await postNewsletter(server, 0, `after-${stamp}@example.co.za`, tokens[6]!);
      expect(after.status).toBe(200);
      expect(stored()).toEqual([`before-${stamp}@example.co.za`, `after-${stamp}@example.co.za`]);
      await waitFor(
        () => writtenMail(server.dataDir).find((mail) => mail.includes(`after-${stamp}@example.co.za`)),
        "the notification of the lead after",
      );
      expect(server.running()).toBe(true);
    });
  },
);
