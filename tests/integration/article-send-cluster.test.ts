import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#tests/support/admin-users.ts";
import { type Cluster, startCluster } from "#tests/support/cluster.ts";
import { InboxBrowser } from "#tests/support/inbox-browser.ts";
import { outboxPollsSince, waitFor } from "#tests/support/leads.ts";
import { freePort } from "#tests/support/server.ts";
import { type SmtpCounter, startSmtpCounter } from "#tests/support/smtp-counter.ts";

/**
 * An article sent to the newsletter by two instances on one PostgreSQL
 * database (docs/decisions/0038), one killed with SIGKILL while it is handing
 * a copy to the mail server and started again: every confirmed subscriber
 * gets the article once. The single-instance journey is article-send.test.ts.
 */

const databaseUrl = process.env.TEST_DATABASE_URL;
const PASSWORD = "a long enough passphrase";
const ADMIN = "send-cluster-admin@roimedia.co.za";
const SUBSCRIBERS = 30;
const POLL_MS = 200;
/** Each instance's envelope sender, so the mail server can tell whose messages it holds. */
const senders = ["instance-a@roimedia.test", "instance-b@roimedia.test"];

describe.skipIf(!databaseUrl)(`article send on two instances${databaseUrl ? "" : " (skipped: TEST_DATABASE_URL is not set)"}`, () => {
  let smtp: SmtpCounter;
  let cluster: Cluster;

  beforeAll(async () => {
    smtp = await startSmtpCounter(await freePort());
    cluster = await startCluster({
      count: 2,
      env: (i) => ({
        TRUST_PROXY: "x-forwarded-for",
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: senders[i]!,
        OUTBOX_POLL_MS: String(POLL_MS),
        OUTBOX_RETRY_BASE_MS: "200",
        OUTBOX_RETRY_MAX_MS: "1000",
        // The dead instance's copies change hands 3 s after it took them.
        OUTBOX_LEASE_MS: "3000",
        // Ten a second: the 30 copies take 3 s, long enough to kill an instance in the middle.
        NEWSLETTER_RATE_PER_MINUTE: "600",
      }),
    });
  });

  afterAll(async () => {
    smtp?.release();
    await cluster?.stop();
    await smtp?.stop();
  });

  it("kill -9 of one instance mid-send: every confirmed subscriber gets the article exactly once", { timeout: 90_000 }, async () => {
    await cluster.query(
      `INSERT INTO newsletter_subscribers (email, email_key, mailbox, status, signed_up_at, signup_page, consent_text, signup_address, bot_check, confirmed_at, confirmation_sent_at, confirmations_sent)
       SELECT 'reader-' || n || '@example.co.za', 'reader-' || n || '@example.co.za', 'reader-' || n || '@example.co.za', 'confirmed', now(), '/blog', 'Yes, send me the newsletter.', '192.0.2.1', 'altcha', now(), now(), 1
       FROM generate_series(1, $1::int) AS n`,
      [SUBSCRIBERS],
    );
    const subscribers = await cluster.query<{ id: number }>("SELECT id FROM newsletter_subscribers WHERE status = 'confirmed'");
    const [article] = await cluster.query<{ id: number }>("SELECT id FROM articles WHERE status = 'published' ORDER BY id LIMIT 1");
    await createUser(cluster.instances[0]!.dataDir, ADMIN, PASSWORD, cluster.url);
    const admin = new InboxBrowser(cluster.instances[1]!.url, "192.0.2.81");
    expect((await admin.signIn(ADMIN, PASSWORD)).signedIn).toBe(true);
    const page = `/admin/articles/${article!.id}/send`;
    expect((await admin.post(page, { intent: "send", confirm: "yes" })).status).toBe(303);

    // Once some are out, the mail server stops answering A: A dies holding a copy it never heard 250 for. B is
    // answered meanwhile: held past its 3 s lease on a loaded machine, its own copies changed hands while it still
    // sent them, and three went twice (a test's hold, not a send's: the lease outlasts ten copies at the rate).
    await waitFor(() => smtp.deliveries.length >= 5 || undefined, "the first copies sent", 20_000);
    smtp.hold(senders[0]);
    await waitFor(() => smtp.heldFrom(senders[0]!) > 0 || undefined, "instance A handing a copy to the mail server", 20_000);
    await cluster.instances[0]!.kill();
    // Its connection closed, the copy it held is dropped, as a real mail server drops one it never accepted.
    await waitFor(() => smtp.heldFrom(senders[0]!) === 0 || undefined, "the dead instance's copy dropped");
    smtp.release();
    await cluster.restart(0);

    const unsent = async () =>
      (await cluster.query<{ n: number }>("SELECT count(*)::int AS n FROM outbox WHERE channel = 'newsletter' AND status <> 'sent'"))[0]!.n;
    await waitFor(async () => (await unsent()) === 0 || undefined, "every copy sent", 40_000);
    const [last] = await cluster.query<{ at: Date }>("SELECT max(sent_at) AS at FROM outbox WHERE channel = 'newsletter'");
    // A copy taken twice would come within these polls of both instances.
    await outboxPollsSince(last!.at, POLL_MS, 10);

    const counts = smtp.countsByLead();
    expect(subscribers.filter(({ id }) => counts.get(`newsletter_subscribers:${id}`) !== 1)).toEqual([]);
    expect(smtp.deliveries).toHaveLength(SUBSCRIBERS);
    // The copy the dead instance held went again, from the other instance or from it after the restart.
    const retried = await cluster.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM outbox WHERE channel = 'newsletter' AND attempts > 1",
    );
    expect(retried[0]!.n).toBeGreaterThan(0);
  });
});
