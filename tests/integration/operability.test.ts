import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#tests/support/admin-users.ts";
import { altchaTokens } from "#tests/support/altcha-tokens.ts";
import { type Cluster, startCluster } from "#tests/support/cluster.ts";
import { readSiteDb } from "#tests/support/database.ts";
import { InboxBrowser } from "#tests/support/inbox-browser.ts";
import { enhanced, postLead, solveAltcha, waitFor } from "#tests/support/leads.ts";
import { postLeadFrom } from "#tests/support/loopback-client.ts";
import { parsePrometheusText, sampleValue } from "#tests/support/prometheus-text.ts";
import { freePort, type RunningServer, startServer } from "#tests/support/server.ts";
import { type SmtpCounter, startSmtpCounter } from "#tests/support/smtp-counter.ts";
import { startTcpProxy, type TcpProxy } from "#tests/support/tcp-proxy.ts";

/**
 * What the agency's engineer and a monitoring system read (decision 0049):
 * JSON log lines with a request id, /metrics in Prometheus's format,
 * /readyz, and the System page with its one alert when a part starts failing
 * and one when it works again, against the built server and a real SMTP
 * server on loopback (and PostgreSQL, and Debian's Prometheus, where present).
 */

const PASSWORD = "a long enough passphrase";
const METRICS_TOKEN = randomBytes(24).toString("hex");
const HMAC_KEY = randomBytes(32).toString("hex");
const ADMIN = "ops-admin@roimedia.co.za";

/** The lines a server wrote after `from` characters of its output, each parsed as the JSON it must be. */
function jsonLines(server: RunningServer, from = 0): Array<Record<string, unknown>> {
  return server
    .output()
    .slice(from)
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`not a JSON log line: ${line}`);
      }
    });
}

async function scrape(server: RunningServer, token = METRICS_TOKEN) {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await res.text());
}

const metric = async (server: RunningServer, name: string, labels: Record<string, string> = {}) =>
  sampleValue(await scrape(server), name, labels);

/** A contact lead whose every value is one a log must never show. */
const contactLead = (stamp: string) => ({
  name: `Zanele Logcheck ${stamp}`,
  email: `zanele.${stamp}@example.co.za`,
  company: `Khumalo Widgets ${stamp}`,
  website: `https://khumalo-${stamp}.example.co.za`,
  message: `Please phone me about plan ${stamp}`,
});

describe("the log, as a log shipper reads it", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ ALTCHA_HMAC_KEY: HMAC_KEY });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("writes a lead post's lines as JSON sharing one request id, sent back in X-Request-Id, with no value of the lead", async () => {
    const stamp = randomBytes(4).toString("hex");
    const lead = contactLead(stamp);
    const token = await solveAltcha(server);
    const from = server.output().length;
    // Not behind a trusted proxy (TRUST_PROXY unset): a forged id is not taken.
    const answer = await postLead(server, "/contact", { ...lead, ...enhanced(token) }, { "x-request-id": "forged-by-a-visitor" });
    expect(answer.status).toBe(200);
    const id = answer.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    await expect.poll(() => jsonLines(server, from).filter((line) => line.reqId === id).length).toBeGreaterThanOrEqual(2);
    const lines = jsonLines(server, from);
    const ofPost = lines.filter((line) => line.reqId === id);
    expect(ofPost.map((line) => line.msg)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Lead stored: contact, form_submissions \d+$/),
        expect.stringMatching(/^POST \/contact 200 in /),
      ]),
    );
    expect(ofPost.find((line) => String(line.msg).startsWith("POST"))).toMatchObject({
      level: "info",
      method: "POST",
      route: "/contact",
      status: 200,
    });
    for (const line of lines) expect(line).toMatchObject({ level: expect.any(String), time: expect.any(String), msg: expect.any(String) });
    // Nothing the visitor typed, anywhere in the log.
    for (const value of Object.values(lead)) expect(server.output()).not.toContain(value);
    expect(server.output()).not.toContain(stamp);
  });

  it("answers /readyz with the database, and has no /metrics without METRICS_TOKEN", async () => {
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", database: "ok" });
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: "Bearer anything-at-all-here" } })).status).toBe(404);
  });
});

describe("metrics and the System page, with the mail server away", () => {
  let server: RunningServer;
  let smtpPort: number;
  let smtp: SmtpCounter | undefined;
  let posts = 0;
  /** Each post from an address of its own (X-Forwarded-For, trusted), so no rate limit interferes. */
  const from = () => ({ "x-forwarded-for": `198.51.100.${++posts}` });

  beforeAll(async () => {
    smtpPort = await freePort();
    server = await startServer({
      ALTCHA_HMAC_KEY: HMAC_KEY,
      TRUST_PROXY: "x-forwarded-for",
      METRICS_TOKEN,
      // Nothing listens here until the test starts a mail server: every connection is refused.
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      NOTIFY_TO: "leads@roimedia.test",
      OUTBOX_POLL_MS: "200",
      OUTBOX_RETRY_BASE_MS: "300",
      OUTBOX_RETRY_MAX_MS: "1000",
      MAIL_DOWN_ALERT_AFTER: "3s",
      HEALTH_CHECK_SECONDS: "1",
    });
    await createUser(server.dataDir, ADMIN, PASSWORD);
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  const partRow = () =>
    readSiteDb<{ state: string; checked_at: string; alerted_at: string | null }>(
      server.dataDir,
      "SELECT state, checked_at, alerted_at FROM part_health WHERE part = 'mail'",
    )[0];
  const alerts = () =>
    readSiteDb<{ recipient: string; subject: string; status: string }>(
      server.dataDir,
      "SELECT recipient, subject, status FROM outbox WHERE kind = 'Site alert' ORDER BY id",
    );

  it("takes the request id of a trusted proxy, and only a well-formed one", async () => {
    const edge = await fetch(`${server.url}/about`, { headers: { "x-request-id": "0123456789abcdef0123456789abcdef" } });
    expect(edge.headers.get("x-request-id")).toBe("0123456789abcdef0123456789abcdef");
    const bent = await fetch(`${server.url}/about`, { headers: { "x-request-id": 'not "an id" at all' } });
    expect(bent.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("/metrics wants the token, parses strictly, and moves as leads are stored and mail fails", async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: "Bearer wrong-token-wrong-token" } })).status).toBe(401);

    const before = await scrape(server);
    const stored = sampleValue(before, "site_leads_stored_total", { form: "contact" })!;
    const failed = sampleValue(before, "site_outbox_delivery_failures_total", { lane: "mail" })!;
    expect(stored).toBe(0);
    expect(sampleValue(before, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThanOrEqual(0);

    const stamp = randomBytes(4).toString("hex");
    const answer = await postLead(server, "/contact", { ...contactLead(stamp), ...enhanced(await solveAltcha(server)) }, from());
    expect(answer.status).toBe(200);
    // A page no route knows and an article no one wrote: labelled by pattern, never by the path typed.
    await (await fetch(`${server.url}/blog/no-such-article-${stamp}`)).text();
    await (await fetch(`${server.url}/nowhere-${stamp}`)).text();
    // Each is counted as its answer finishes, which a loaded machine may come to after the client read it.
    for (const route of ["/blog/:slug", "/*"]) {
      const answered = { route, method: "GET", status: "404" };
      await expect
        .poll(() => metric(server, "site_http_request_duration_seconds_count", answered), { message: route })
        .toBeGreaterThanOrEqual(1);
    }

    await expect.poll(() => metric(server, "site_outbox_delivery_failures_total", { lane: "mail" })).toBeGreaterThan(failed);
    // The database's figures are read once a second at most: a scrape during the attempt may still see the lease.
    await expect.poll(() => metric(server, "site_outbox_depth", { lane: "mail" })).toBeGreaterThanOrEqual(1);
    const after = await scrape(server);
    expect(sampleValue(after, "site_leads_stored_total", { form: "contact" })).toBe(stored + 1);
    expect(sampleValue(after, "site_outbox_depth", { lane: "mail" })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(after, "site_outbox_oldest_message_age_seconds", { lane: "mail" })).toBeGreaterThan(0);
    expect(sampleValue(after, "site_database_up")).toBe(1);
    const requests = after.get("site_http_request_duration_seconds")!.samples.filter((s) => s.name.endsWith("_count"));
    expect(requests.find((s) => s.labels.route === "/contact" && s.labels.method === "POST")?.labels.status).toBe("200");
    expect(requests.find((s) => s.labels.route === "/blog/:slug")?.labels.status).toBe("404");
    expect(requests.find((s) => s.labels.route === "/*")?.labels.status).toBe("404");
    expect(requests.filter((s) => Object.values(s.labels).some((value) => value.includes(stamp)))).toEqual([]);
  });

  it("mails the admins once when mail has failed for MAIL_DOWN_ALERT_AFTER, says so on the System page, and once when it works again", async () => {
    // The post of the test above failed to go: mail has been failing since.
    await waitFor(() => alerts().length > 0 || undefined, "the alert to be queued", 20_000);
    const alertedAt = new Date(partRow()!.alerted_at!);
    // Three more rounds of the checks (HEALTH_CHECK_SECONDS=1), still failing: no second alert.
    await waitFor(() => new Date(partRow()!.checked_at).getTime() >= alertedAt.getTime() + 3000 || undefined, "three more checks", 20_000);
    expect(partRow()!.state).toBe("failing");
    expect(alerts()).toEqual([
      { recipient: ADMIN, subject: "ROI Media website: Mail delivery is failing", status: expect.stringMatching(/queued|retrying/) },
    ]);
    expect(await metric(server, "site_part_failing", { part: "mail" })).toBe(1);

    const admin = new InboxBrowser(server.url, "192.0.2.10");
    expect((await admin.signIn(ADMIN, PASSWORD)).signedIn).toBe(true);
    const page = await admin.request("/admin/system");
    expect(page.status).toBe(200);
    // The page's words as read: React's text separators out, each element's text apart.
    const text = page.text
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&")
      .replace(/\s+/g, " ");
    expect(text).toContain("One part is failing: Mail delivery.");
    expect(text).toMatch(
      /Mail delivery Failing \d+ \w+ \d{4}, \d\d:\d\d Mail cannot be delivered through 127\.0\.0\.1:\d+: .*(ECONNREFUSED|connect)/,
    );
    expect(text).toMatch(/The admins' alert was queued at \d+ \w+ \d{4}, \d\d:\d\d: it leaves once the mail server takes mail again\./);
    expect(text).toContain("Backups Works");
    expect(text).toContain("Webhooks Not set up");
    expect(page.text).toContain('href="/admin/system"');

    // The mail server comes back: what waited goes, the alert with it, and one mail says it works again.
    smtp = await startSmtpCounter(smtpPort);
    await waitFor(() => partRow()?.state === "ok" || undefined, "mail to work again", 20_000);
    const toAdmin = () => smtp!.deliveries.filter((d) => d.to.includes(ADMIN)).map((d) => /^Subject: (.*)$/m.exec(d.raw)?.[1]);
    await waitFor(() => toAdmin().length >= 2 || undefined, "the alert and the all-clear delivered", 20_000);
    const recoveredAt = new Date(partRow()!.checked_at);
    await waitFor(
      () => new Date(partRow()!.checked_at).getTime() >= recoveredAt.getTime() + 3000 || undefined,
      "three more checks",
      20_000,
    );
    expect(toAdmin().sort()).toEqual(["ROI Media website: Mail delivery is failing", "ROI Media website: Mail delivery works again"]);
    expect(alerts()).toHaveLength(2);
    expect(await metric(server, "site_part_failing", { part: "mail" })).toBe(0);
    expect(await metric(server, "site_outbox_deliveries_total", { lane: "mail" })).toBeGreaterThanOrEqual(3);
  });

  const prometheus = "/usr/bin/prometheus";
  describe.skipIf(!existsSync(prometheus))(
    `scraped by Prometheus${existsSync(prometheus) ? "" : ` (skipped: ${prometheus} is missing: apt-get install -y prometheus)`}`,
    () => {
      let child: ChildProcess | undefined;
      let work: string;
      let api: string;
      let log = "";
      beforeAll(async () => {
        work = mkdtempSync(path.join(tmpdir(), "prometheus-test-"));
        const port = await freePort();
        api = `http://127.0.0.1:${port}`;
        const rules = path.resolve(import.meta.dirname, "../../deploy/prometheus/alerts.yml");
        writeFileSync(
          path.join(work, "prometheus.yml"),
          [
            "global: { scrape_interval: 1s, evaluation_interval: 1s }",
            `rule_files: [${JSON.stringify(rules)}]`,
            "scrape_configs:",
            "  - job_name: roi-site",
            `    authorization: { credentials: ${JSON.stringify(METRICS_TOKEN)} }`,
            `    static_configs: [{ targets: ["127.0.0.1:${server.port}"] }]`,
          ].join("\n"),
        );
        child = spawn(
          prometheus,
          [
            `--config.file=${path.join(work, "prometheus.yml")}`,
            `--storage.tsdb.path=${path.join(work, "data")}`,
            `--web.listen-address=127.0.0.1:${port}`,
          ],
          { stdio: ["ignore", "pipe", "pipe"] },
        );
        child.stdout?.on("data", (chunk) => (log += chunk));
        child.stderr?.on("data", (chunk) => (log += chunk));
        await waitFor(
          () =>
            fetch(`${api}/-/ready`).then(
              (res) => res.ok || undefined,
              () => (child?.exitCode === null ? undefined : Promise.reject(new Error(`prometheus exited:\n${log}`))),
            ),
          "Prometheus to be ready",
          30_000,
        );
      });
      afterAll(async () => {
        if (child && child.exitCode === null) {
          const exited = new Promise((resolve) => child!.once("exit", resolve));
          child.kill("SIGTERM");
          await exited;
        }
        if (work) rmSync(work, { recursive: true, force: true });
      });

      /** The value of an instant query with one series, or undefined while it has none. */
      async function query(expression: string): Promise<number | undefined> {
        const res = await fetch(`${api}/api/v1/query?query=${encodeURIComponent(expression)}`);
        const body = (await res.json()) as { data: { result: Array<{ value: [number, string] }> } };
        const value = body.data.result[0]?.value[1];
        return value === undefined ? undefined : Number(value);
      }

      it("scrapes the site with its token, loads the alert rules, and reads the lead counter move", async () => {
        const seen = await waitFor(() => query('site_leads_stored_total{form="contact"}'), "the first scrape", 20_000);
        const answer = await postLead(server, "/contact", { ...contactLead("prom"), ...enhanced(await solveAltcha(server)) }, from());
        expect(answer.status).toBe(200);
        await waitFor(
          async () => (await query('site_leads_stored_total{form="contact"}')) === seen + 1 || undefined,
          "the counter to move",
          20_000,
        );
        expect(await query('up{job="roi-site"}')).toBe(1);
        const rules = (await (await fetch(`${api}/api/v1/rules`)).json()) as {
          data: { groups: Array<{ rules: Array<{ name: string; health: string }> }> };
        };
        const loaded = rules.data.groups.flatMap((group) => group.rules);
        expect(loaded.map((rule) => rule.name)).toEqual(expect.arrayContaining(["SiteDown", "MailUndeliverable", "NoRecentBackup"]));
        // Every rule evaluates against the site's own series without an error.
        await waitFor(async () => {
          const now = (await (await fetch(`${api}/api/v1/rules`)).json()) as typeof rules;
          return now.data.groups.flatMap((group) => group.rules).every((rule) => rule.health === "ok") || undefined;
        }, "every rule evaluated");
      });

      it("has alert rules promtool accepts", () => {
        const promtool = "/usr/bin/promtool";
        if (!existsSync(promtool)) return;
        expect(
          execFileSync(promtool, ["check", "rules", path.resolve(import.meta.dirname, "../../deploy/prometheus/alerts.yml")]).toString(),
        ).toMatch(/SUCCESS/);
      });
    },
  );
});

const databaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!databaseUrl)(`two instances on one PostgreSQL${databaseUrl ? "" : " (skipped: TEST_DATABASE_URL is not set)"}`, () => {
  let proxy: TcpProxy;
  let cluster: Cluster;

  beforeAll(async () => {
    const target = new URL(databaseUrl!);
    // The instances reach PostgreSQL through a proxy of the test's own, so the database can be taken away from them alone.
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const deadMailServer = await freePort();
    cluster = await startCluster({
      count: 2,
      env: () => ({
        ALTCHA_HMAC_KEY: HMAC_KEY,
        TRUST_PROXY: "x-forwarded-for",
        SMTP_URL: `smtp://127.0.0.1:${deadMailServer}`,
        OUTBOX_POLL_MS: "200",
        OUTBOX_RETRY_BASE_MS: "300",
        OUTBOX_RETRY_MAX_MS: "1000",
        MAIL_DOWN_ALERT_AFTER: "2s",
        HEALTH_CHECK_SECONDS: "1",
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
    await cluster?.stop();
    await proxy?.close();
  });

  it("tells the admins once that mail fails, whichever instance sees it first", async () => {
    const tokens = await altchaTokens(HMAC_KEY, 2);
    for (const [i, instance] of cluster.instances.entries()) {
      const answer = await postLeadFrom(
        instance.url,
        "/blog",
        { email: `both-${i}-${Date.now()}@example.co.za`, ...enhanced(tokens[i]!) },
        {
          headers: { "x-forwarded-for": `203.0.113.${i + 1}` },
        },
      );
      expect(answer.status).toBe(200);
    }
    const alerts = async () =>
      (await cluster.query<{ n: number }>("SELECT count(*)::int AS n FROM outbox WHERE kind = 'Site alert'"))[0]!.n;
    const mail = async () =>
      (
        await cluster.query<{ checked_at: Date; alerted_at: Date | null }>(
          "SELECT checked_at, alerted_at FROM part_health WHERE part = 'mail'",
        )
      )[0];
    await waitFor(async () => (await alerts()) > 0 || undefined, "the alert", 20_000);
    const alertedAt = (await mail())!.alerted_at!.getTime();
    // Both instances check every second and both hear the mail server refuse: three more rounds each, one alert still.
    await waitFor(async () => (await mail())!.checked_at.getTime() >= alertedAt + 3000 || undefined, "three more checks", 20_000);
    expect(await alerts()).toBe(1);
  });

  it("answers /readyz 503 naming the database while PostgreSQL is unreachable, and 200 once it is back", async () => {
    for (const instance of cluster.instances) expect((await fetch(`${instance.url}/readyz`)).status).toBe(200);
    proxy.cut();
    try {
      for (const instance of cluster.instances) {
        const answer = await fetch(`${instance.url}/readyz`);
        expect(answer.status).toBe(503);
        expect(await answer.json()).toEqual({ status: "failing", failing: { database: expect.any(String) } });
        // Liveness stays cheap and true: the process runs.
        expect((await fetch(`${instance.url}/healthz`)).status).toBe(200);
      }
    } finally {
      proxy.restore();
    }
    for (const instance of cluster.instances) {
      await expect.poll(async () => (await fetch(`${instance.url}/readyz`)).status).toBe(200);
    }
  });
});
