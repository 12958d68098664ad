import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { addDays, sastInstant } from "#app/lib/sast.ts";
import { type BackupSettings, backupDir, dailyBackups, takeBackup, verifyBackup } from "#server/backups.ts";
import type { NewLead } from "#server/forms/lead.ts";
import { parseEnv } from "#server/env.ts";
import { prepareSecretsKey, sealSecondFactorsApart } from "#server/admin/secrets-key.ts";
import { openSecret, sealSecret } from "#server/admin/second-factor.ts";
import { loadMasterKey, siteSecrets, totpSealingKey } from "#server/captcha/keys.ts";
import { authenticatorCodeNotTaken, createUser, runAdmin } from "#tests/support/admin-users.ts";
import { InboxBrowser } from "#tests/support/inbox-browser.ts";
import { altchaTokens } from "#tests/support/altcha-tokens.ts";
import { databaseKinds, readSiteDb, useSiteDatabase } from "#tests/support/database.ts";
import { enhanced, generatedSiteKey, waitFor } from "#tests/support/leads.ts";
import { postLeadFrom } from "#tests/support/loopback-client.ts";
import { type RunningServer, startServer } from "#tests/support/server.ts";

/**
 * Backups of the embedded database, as the agency takes and uses them:
 * `npm run admin -- backup` while visitors post, `restore` into a fresh
 * DATA_DIR and a server started on it, `verify` of a damaged copy, and the
 * server's daily backups with the clock moved forward.
 */

const contact = (i: number): NewLead => ({
  table: "form_submissions",
  row: { form_type: "contact", name: `Lead ${i}`, email: `lead${i}@example.co.za`, message: "Hello" },
});
const notice = () => ({ kind: "Contact", replyTo: null, subject: "Lead", text: "text", html: "<p>html</p>" });
const origin = { botCheck: "altcha" as const, clientAddress: "198.51.100.1", userAgent: null, receivedAt: new Date() };

describe("backups of the embedded database", () => {
  const servers: RunningServer[] = [];
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "site-restore-"));
    dirs.push(dir);
    return dir;
  };
  /** Run before the servers stop: visitors still posting when a test fails stop first. */
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
    for (const server of servers.splice(0)) await server.stop();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("takes a backup while visitors post, and restores it with every lead acknowledged before it, site key and all", async () => {
    const server = await startServer({ TRUST_PROXY: "x-forwarded-for", ALTCHA_COST: "20", BACKUP_HOUR: "off" });
    servers.push(server);
    const siteKey = generatedSiteKey(server);
    const token = async () => (await altchaTokens(siteKey, 1))[0]!;
    const acknowledged: Array<{ email: string; at: number }> = [];
    let posted = 0;
    let stopped = false;
    // Six visitors posting newsletter signups one after another, each from an address of its own.
    const visitors = Array.from({ length: 6 }, async () => {
      while (!stopped) {
        const i = posted++;
        const email = `visitor${i}@example.co.za`;
        const answer = await postLeadFrom(
          server.url,
          "/blog",
          { email, ...enhanced(await token()) },
          { headers: { "x-forwarded-for": `10.1.${i >> 8}.${i & 255}` } },
        );
        if (answer.status === 200) acknowledged.push({ email, at: Date.now() });
      }
    });
    cleanups.push(() => {
      stopped = true;
      return Promise.allSettled(visitors);
    });
    await waitFor(() => acknowledged.length >= 30 || undefined, "30 leads acknowledged", 30_000);

    const backupStarted = Date.now();
    const before = acknowledged.filter((lead) => lead.at < backupStarted).map((lead) => lead.email);
    const file = path.join(freshDir(), "site.backup.db");
    const backup = await runAdmin(["backup", file], { DATA_DIR: server.dataDir });
    const backupEnded = Date.now();
    expect(backup, backup.stderr).toMatchObject({ code: 0, stdout: expect.stringContaining("Backed up, and checked: sound.") });
    expect(backup.stdout).toContain("The site key is in it.");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // The site went on taking leads while the backup was taken.
    await waitFor(() => acknowledged.some((lead) => lead.at > backupEnded) || undefined, "a lead acknowledged after the backup");
    expect(acknowledged.filter((lead) => lead.at > backupStarted && lead.at < backupEnded).length).toBeGreaterThan(0);

    // Restoring over the running server's database is refused, and changes nothing.
    const refused = await runAdmin(["restore", file], { DATA_DIR: server.dataDir });
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining("is in use: stop the server") });
    expect(readdirSync(server.dataDir).filter((name) => name.startsWith("replaced-"))).toEqual([]);
    stopped = true;
    await Promise.all(visitors);

    const dataDir = freshDir();
    const restore = await runAdmin(["restore", file], { DATA_DIR: dataDir });
    expect(restore, restore.stderr).toMatchObject({ code: 0, stdout: expect.stringContaining(`Restored into ${dataDir}.`) });
    expect(readFileSync(path.join(dataDir, "altcha-hmac.key"), "utf8")).toBe(siteKey);
    const restored = await startServer({ DATA_DIR: dataDir, TRUST_PROXY: "x-forwarded-for", BACKUP_HOUR: "off" });
    servers.push(restored);
    const leads = readSiteDb<{ email: string }>(dataDir, "SELECT email FROM form_submissions").map((row) => row.email);
    expect(
      before.filter((email) => !leads.includes(email)),
      "acknowledged before the backup, not in it",
    ).toEqual([]);
    expect(leads.length).toBeLessThanOrEqual(posted);
    // What the backup says it holds is what the restored site has: every lead with its notification, one subscriber each.
    expect(restore.stdout).toContain(`Newsletter ${leads.length};`);
    const orphans = readSiteDb(
      dataDir,
      "SELECT id FROM form_submissions f WHERE NOT EXISTS (SELECT 1 FROM outbox o WHERE o.lead_table = 'form_submissions' AND o.lead_id = f.id)",
    );
    expect(orphans).toEqual([]);
    expect(readSiteDb(dataDir, "SELECT count(*) AS n FROM newsletter_subscribers")).toEqual([{ n: leads.length }]);
    // The restored site knows its key: a form the original site served is still taken.
    const answer = await postLeadFrom(restored.url, "/blog", { email: "after@example.co.za", ...enhanced(await token()) });
    expect(answer.status).toBe(200);
  });

  it(
    "opens no authenticator secret from a backup alone; restored the README's way with its key, users sign in as before",
    { timeout: 180_000 },
    async () => {
      const email = "backup-admin@roimedia.co.za";
      const password = "a long enough passphrase";
      const server = await startServer({ TRUST_PROXY: "x-forwarded-for", BACKUP_HOUR: "off" });
      servers.push(server);
      await createUser(server.dataDir, email, password);
      expect((await new InboxBrowser(server.url, "192.0.2.91").signIn(email, password)).signedIn).toBe(true);
      // The key that seals the app's secret is a file of its own, for the server's user only.
      const keyFile = path.join(server.dataDir, "secrets.key");
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      const secretsKey = readFileSync(keyFile, "utf8").trim();

      const file = path.join(freshDir(), "site.backup.db");
      const backup = await runAdmin(["backup", file], { DATA_DIR: server.dataDir });
      expect(backup, backup.stderr).toMatchObject({ code: 0 });
      expect(backup.stdout).toContain(
        "Its one user's authenticator app is sealed with the secrets key, which is not in it: keep that key apart from the backups (README: Backups).",
      );
      // What an attacker holding the file alone can try: the site key it carries, and every key derived from it.
      const carried = readBackup<{ site_key: string }>(file, "SELECT site_key FROM site_backup")[0]!.site_key;
      const sealed = readBackup<{ totp_secret: string }>(file, "SELECT totp_secret FROM admin_users WHERE email = ?", email)[0]!
        .totp_secret;
      expect(carried).toBe(generatedSiteKey(server));
      for (const key of [totpSealingKey(carried), ...Object.values(siteSecrets(carried)).filter(Buffer.isBuffer)]) {
        expect(openSecret(key, sealed), "a key the backup carries").toBeNull();
      }
      expect(readFileSync(file).includes(secretsKey), "the secrets key in the backup's bytes").toBe(false);
      expect(openSecret(totpSealingKey(secretsKey), sealed), "the secrets key kept apart").not.toBeNull();

      // The README's way: the key copied once, apart from the backups; put back before the backup is restored.
      const vault = path.join(freshDir(), "roi-secrets.key");
      const [keep, ...restoreBoth] = readmeSecretsKeySteps().map((line) =>
        line.replaceAll("/vault/roi-secrets.key", vault).replaceAll("/mnt/offsite/site.db", file),
      );
      expect(shell(keep!, server.dataDir).status).toBe(0);
      const withKey = path.join(freshDir(), "data");
      const steps = restoreBoth.map((line) => shell(line, withKey));
      expect(
        steps.map((step) => step.status),
        steps.map((step) => step.stderr).join("\n"),
      ).toEqual(restoreBoth.map(() => 0));
      expect(steps.at(-1)!.stdout).toContain(`The authenticator apps open with the secrets key (${path.join(withKey, "secrets.key")}).`);
      const restored = await startServer({ DATA_DIR: withKey, TRUST_PROXY: "x-forwarded-for", BACKUP_HOUR: "off" });
      servers.push(restored);
      expect((await new InboxBrowser(restored.url, "192.0.2.92").signIn(email, password)).signedIn, "signed in with the same app").toBe(
        true,
      );
      await restored.stop();

      // The backup alone: restored, it says what the user needs; the app's code is refused until the app is set up anew.
      const alone = freshDir();
      const restore = await runAdmin(["restore", file], { DATA_DIR: alone });
      expect(restore, restore.stderr).toMatchObject({ code: 0 });
      expect(restore.stdout).toContain(
        `Before the users sign in again: the authenticator app of ${email} cannot be opened with the secrets key (${path.join(alone, "secrets.key")}): put back the secrets key kept apart from the backups (README: Backups) and restart, or give each of them a new app at their next sign-in: npm run admin -- reset-second-factor EMAIL`,
      );
      const bare = await startServer({ DATA_DIR: alone, TRUST_PROXY: "x-forwarded-for", BACKUP_HOUR: "off" });
      servers.push(bare);
      await waitFor(
        () => (bare.output().includes(`the authenticator app of ${email} cannot be opened`) ? true : undefined),
        "the warning at start",
      );
      // The app's right code, refused unread: it leaves the step free rather than wait for the next one.
      const withoutKey = new InboxBrowser(bare.url, "192.0.2.93");
      expect((await withoutKey.password(email, password)).status).toBe(303);
      const code = { token: withoutKey.cookies.get("roi_admin_login") ?? "", code: authenticatorCodeNotTaken(email), next: "/admin" };
      expect((await withoutKey.request("/admin/login/code", { body: code })).status, "the code without the key").not.toBe(303);
      expect(withoutKey.session, "signed in without the key").toBeUndefined();
      expect((await runAdmin(["reset-second-factor", email], { DATA_DIR: alone })).code).toBe(0);
      expect((await new InboxBrowser(bare.url, "192.0.2.94").signIn(email, password)).signedIn, "a new app set up").toBe(true);
    },
  );
});

/** Rows of a backup file, read as anyone holding it could. */
function readBackup<T>(file: string, query: string, ...params: string[]): T[] {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db.prepare(query).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** The commands of the README's "The secrets key" block: keep the key, then restore key and backup. */
function readmeSecretsKeySteps(): string[] {
  const readme = readFileSync(path.resolve(import.meta.dirname, "../../README.md"), "utf8");
  const section = readme.slice(readme.indexOf("**The secrets key.**"));
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
  return block
    .trim()
    .split("\n")
    .map((line) => line.replace(/\s+#.*$/, ""));
}

/** A line of the README run as the operator would, in the repository, with DATA_DIR set. */
function shell(line: string, dataDir: string) {
  return spawnSync("bash", ["-c", line], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: "utf8",
  });
}

describe("backups of a site's database", () => {
  const site = useSiteDatabase("sqlite");

  it("the server's is taken once a day from BACKUP_HOUR, and BACKUP_KEEP_DAYS of them are kept", async () => {
    for (let i = 0; i < 3; i++) await site.leads.saveLead(contact(i), origin, notice);
    const settings = parseEnv({ DATA_DIR: site.test.settings.DATA_DIR, BACKUP_HOUR: "2", BACKUP_KEEP_DAYS: "14" }) as BackupSettings & {
      BACKUP_HOUR: number;
    };
    const schedule = dailyBackups(settings);
    const day = (n: number, minutes: number) => sastInstant(addDays("2026-11-01", n), minutes);
    for (let n = 0; n < 20; n++) {
      expect(await schedule.runDue(day(n, 2 * 60 + 5)), `day ${n} at 02:05`).toMatchObject({ leads: [{ form: "Contact", count: 3 }] });
      expect(await schedule.runDue(day(n, 23 * 60)), `day ${n} at 23:00`).toBeNull();
      expect(await schedule.runDue(day(n + 1, 60)), `day ${n + 1} at 01:00`).toBeNull();
    }
    const dir = backupDir(settings);
    const kept = readdirSync(dir).sort();
    expect(kept).toHaveLength(14);
    // The newest fourteen: 02:05 SAST is 00:05 UTC, from 7 to 20 November.
    expect(kept[0]).toBe("site-2026-11-07T00-05-00Z.db");
    expect(kept.at(-1)).toBe("site-2026-11-20T00-05-00Z.db");
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    for (const name of kept) expect(statSync(path.join(dir, name)).mode & 0o777).toBe(0o600);
  });

  it("seals secrets sealed with the site key apart at start, and a backup refuses until then", async () => {
    const settings = parseEnv({ DATA_DIR: site.test.settings.DATA_DIR });
    const master = loadMasterKey(settings);
    const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    // As an earlier version wrote it: sealed with the site key, which every backup carries.
    await site.db
      .insertInto("admin_users")
      .values({
        email: "earlier@roimedia.co.za",
        password_hash: "scrypt$x",
        created_at: new Date(),
        last_login_at: null,
        role: "admin",
        totp_secret: sealSecret(totpSealingKey(master), secret),
        totp_last_step: null,
      })
      .execute();
    await expect(takeBackup(settings, path.join(settings.DATA_DIR, "early.db"))).rejects.toThrow(
      "The inbox's authenticator secrets are still sealed with the site key, which the backup carries: start the server once on this version",
    );
    expect(readdirSync(settings.DATA_DIR).filter((name) => name.includes("early"))).toEqual([]);

    // What the server does at start; a second start finds nothing left to do.
    const current = totpSealingKey(prepareSecretsKey(settings, "sqlite"));
    await sealSecondFactorsApart(settings, site.handle, { current, former: totpSealingKey(master) });
    const sealed = (await site.db.selectFrom("admin_users").select("totp_secret").executeTakeFirstOrThrow()).totp_secret;
    expect(openSecret(current, sealed!)).toBe(secret);
    expect(openSecret(totpSealingKey(master), sealed!)).toBeNull();
    await sealSecondFactorsApart(settings, site.handle, { current, former: totpSealingKey(master) });
    expect((await site.db.selectFrom("admin_users").select("totp_secret").execute())[0]!.totp_secret).toBe(sealed);

    const { file } = await takeBackup(settings, path.join(settings.DATA_DIR, "later.db"));
    expect(verifyBackup(file).secondFactors).toEqual({ users: 1, openWithItsKey: 0 });
    // PostgreSQL's instances are given the key: none is made up for one of them alone.
    expect(() => prepareSecretsKey({ DATA_DIR: settings.DATA_DIR }, "postgres")).toThrow(/SECRETS_KEY: required with DATABASE_URL/);
  });

  it("verify refuses a damaged copy, saying what is wrong", async () => {
    const dir = site.test.settings.DATA_DIR;
    const settings = parseEnv({ DATA_DIR: dir, ALTCHA_HMAC_KEY: "k".repeat(32) });
    await site.leads.saveLead(contact(1), origin, notice);
    const { file } = await takeBackup(settings, path.join(dir, "whole.db"));
    const whole = readFileSync(file);
    const write = (name: string, bytes: Buffer) => {
      writeFileSync(path.join(dir, name), bytes);
      return path.join(dir, name);
    };
    expect(() => verifyBackup(write("cut.db", whole.subarray(0, Math.floor(whole.length / 2))))).toThrow(
      /cut\.db is cut short: [\d,]+ bytes of the [\d,]+ its header says it holds/,
    );
    expect(() => verifyBackup(write("noise.db", Buffer.alloc(8192, 7)))).toThrow(/noise\.db is not an SQLite database/);
    // A page overwritten in the middle: whole in length, damaged inside.
    const damaged = Buffer.from(whole);
    damaged.fill(0xff, 4096 * 3, 4096 * 4);
    expect(() => verifyBackup(write("damaged.db", damaged))).toThrow(/damaged\.db is (damaged|not a sound SQLite database)/);
    const cli = await runAdmin(["verify", path.join(dir, "cut.db")], { DATA_DIR: dir });
    expect(cli).toMatchObject({ code: 1, stdout: "", stderr: expect.stringContaining("is cut short") });
    expect(verifyBackup(file)).toMatchObject({ siteKey: false, leads: [{ form: "Contact", count: 1 }] });
  });
});

describe.each(databaseKinds)("authenticator secrets sealed apart at start on %s", (kind) => {
  const site = useSiteDatabase(kind);

  it("seals once what the site key sealed, a set-up on offer too, and leaves alone what no key opens", async () => {
    const siteKey = "s".repeat(40);
    const [former, current, other] = [siteKey, "c".repeat(40), "o".repeat(40)].map(totpSealingKey) as [Buffer, Buffer, Buffer];
    const user = (email: string, totp_secret: string) => ({
      email,
      password_hash: "scrypt$x",
      created_at: new Date(),
      last_login_at: null,
      role: "admin" as const,
      totp_secret,
      totp_last_step: null,
    });
    const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    const [first] = await site.db
      .insertInto("admin_users")
      .values([user("earlier@roimedia.co.za", sealSecret(former, secret)), user("elsewhere@roimedia.co.za", sealSecret(other, secret))])
      .returning("id")
      .execute();
    await site.db
      .insertInto("admin_sign_ins")
      .values({ id: "offer", user_id: first!.id, created_at: new Date(), totp_candidate: sealSecret(former, secret) })
      .execute();

    const settings = { DATA_DIR: site.test.settings.DATA_DIR, SECRETS_KEY: "c".repeat(40) };
    // Two instances starting together: each secret is sealed once.
    await Promise.all([1, 2].map(() => sealSecondFactorsApart(settings, site.handle, { current, former })));
    const rows = await site.db.selectFrom("admin_users").select(["email", "totp_secret"]).orderBy("email").execute();
    expect(rows.map((row) => openSecret(current, row.totp_secret!))).toEqual([secret, null]);
    expect(openSecret(former, rows[0]!.totp_secret!)).toBeNull();
    const offer = await site.db.selectFrom("admin_sign_ins").select("totp_candidate").executeTakeFirstOrThrow();
    expect(openSecret(current, offer.totp_candidate!)).toBe(secret);
  });
});
