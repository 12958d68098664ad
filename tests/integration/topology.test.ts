import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import http2 from "node:http2";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { botFields } from "#app/forms/bot-fields.ts";
import { rateLimitMessage, rateLimitTitle } from "#app/forms/messages.ts";
import { signInOverHttp } from "#tests/support/admin-users.ts";
import { type Cluster, startCluster } from "#tests/support/cluster.ts";
import {
  enhanced,
  type Fields,
  outboxPollsSince,
  postLead,
  postPage,
  solveAltcha,
  waitFor,
  waitUntilFormTokenAccepted,
} from "#tests/support/leads.ts";
import { postLeadFrom, send, solveAltchaAt } from "#tests/support/loopback-client.ts";
import { nginxAvailable, nginxMissing, type RunningNginx, startNginx } from "#tests/support/nginx.ts";
import { freePort, type RunningServer } from "#tests/support/server.ts";
import { type SmtpCounter, startSmtpCounter } from "#tests/support/smtp-counter.ts";
import { forms } from "#app/forms/registry.ts";
import sharp from "sharp";
import { specCaseStudies } from "#app/content/case-studies.ts";
import { caseStudiesValuesOf, caseStudyName } from "#app/content/case-studies-form.ts";
import { CSRF_FIELD } from "#app/lib/inbox.ts";
import { IMAGE_POST_MAX_BYTES, IMAGE_POST_PATH } from "#server/articles/upload.ts";
import { SITE_CONTENT_POST_MAX_BYTES, SITE_CONTENT_POST_PATH } from "#server/site-content/post-limits.ts";
import { inRow } from "#tests/support/testimonials.ts";
import { siteMigrations } from "#server/migrations.ts";

const databaseUrl = process.env.TEST_DATABASE_URL;
const ready = nginxAvailable && Boolean(databaseUrl);
const why = !nginxAvailable ? nginxMissing : "TEST_DATABASE_URL is not set";
if (!ready) console.warn(`topology tests skipped: ${why}`);

const clientDir = path.resolve(import.meta.dirname, "../../build/client");
const senders = ["instance-a@roimedia.test", "instance-b@roimedia.test"];

const contact = (email: string): Fields => ({
  name: "Lerato Dlamini",
  email,
  company: "Dlamini Foods",
  website: "dlamini.co.za",
  budget: "6.5k-12.4k",
  service: "google-ads",
  message: "Two instances, one lead.",
});

/** A case study the agency adds with its photo, through nginx. */
const UPLOADED_STUDY = {
  service: "meta-ads",
  client: "Umhlanga Surf School",
  industry: "Tourism",
  headline: "Lessons booked out for the season from short videos",
  problem: "Their lessons sold by word of mouth, and winter was empty.",
  solution: "Reels of first waves, shown to visitors planning a coast holiday.",
  resultValue: "+95%",
  resultLabel: "lessons booked in a winter",
  imageAlt: "A surfer's first wave at Umhlanga",
};

/** Each simulated visitor connects from an address of its own in 127.0.0.0/8. */
const OUTBOX_POLL_MS = 200;

let nextVisitor = 10;
const visitorAddress = () => `127.0.${Math.floor(nextVisitor / 250)}.${(nextVisitor++ % 250) + 2}`;

describe.skipIf(!ready)(`two instances on one PostgreSQL behind nginx${ready ? "" : ` (skipped: ${why})`}`, () => {
  let cluster: Cluster;
  let nginx: RunningNginx;
  let smtp: SmtpCounter;
  /** A no-JavaScript form token instance A rendered at the start, posted to B once it is old enough. */
  let tokenFromA = "";

  beforeAll(async () => {
    smtp = await startSmtpCounter(await freePort());
    // nginx needs the instances' ports and the instances need nginx's address (SITE_URL): ports first.
    const appPorts = [await freePort(), await freePort()];
    nginx = await startNginx({ upstreams: appPorts, clientDir });
    // Started together on an empty schema: they migrate once between them (advisory lock), and
    // neither is given ALTCHA_HMAC_KEY: they must find the site key in the database.
    cluster = await startCluster({
      count: 2,
      ports: appPorts,
      env: (i) => ({
        SITE_URL: nginx.httpsUrl,
        TRUST_PROXY: "x-forwarded-for",
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: senders[i]!,
        NOTIFY_TO: "leads@roimedia.test",
        ALTCHA_COST: "20",
        OUTBOX_POLL_MS: String(OUTBOX_POLL_MS),
      }),
    });
    const html = await (await fetch(`${cluster.instances[0]!.url}/contact`)).text();
    const match = new RegExp(`name="${botFields.formToken}"[^>]*value="([^"]+)"`).exec(html);
    tokenFromA = match?.[1] ?? "";
  });

  afterAll(async () => {
    await cluster?.stop();
    await nginx?.stop();
    await smtp?.stop();
  });

  /** An inbox user made as the operator does, with the command line, in the shared database. */
  const createUserByCommand = (email: string, password: string) => {
    const created = spawnSync("npm", ["run", "--silent", "admin", "--", "create-user", email], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...process.env, DATABASE_URL: cluster.url },
      input: `${password}\n`,
      encoding: "utf8",
    });
    expect(created.status, created.stdout + created.stderr).toBe(0);
  };
  const a = () => cluster.instances[0]!;
  const b = () => cluster.instances[1]!;

  it("migrates once when both instances start together, and shares one generated site key", async () => {
    const migrations = await cluster.query<{ name: string }>("SELECT name FROM kysely_migration ORDER BY name");
    // Every migration the site ships, each once.
    expect(migrations.map((m) => m.name)).toEqual(Object.keys(siteMigrations("postgres")).sort());
    expect(await cluster.query("SELECT name FROM site_keys")).toEqual([{ name: "site" }]);
    expect(a().output() + b().output()).not.toMatch(/migration .*failed/i);
  });

  it("takes an editor's image through nginx, past the leads' 64 KB limit, as the app's own post", async () => {
    const email = "uploads@roimedia.test";
    const password = "a long enough passphrase";
    createUserByCommand(email, password);
    // A browser through nginx: its cookies, and its Origin on a post.
    const cookies = new Map<string, string>();
    const through = async (pathname: string, body?: { type: string; bytes: string | Buffer }) => {
      const answer = await send(`${nginx.httpsUrl}${pathname}`, {
        method: body ? "POST" : "GET",
        headers: {
          cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
          ...(body ? { origin: nginx.httpsUrl, "content-type": body.type } : {}),
        },
        body: body?.bytes,
      });
      for (const line of [answer.headers["set-cookie"] ?? []].flat()) {
        const [pair] = line.split(";");
        const [name, ...value] = pair!.split("=");
        cookies.set(name!.trim(), value.join("="));
      }
      return { status: answer.status, text: answer.body.toString("utf8"), location: answer.headers.location };
    };
    const form = (fields: Record<string, string>) => ({
      type: "application/x-www-form-urlencoded",
      bytes: new URLSearchParams(fields).toString(),
    });
    expect((await signInOverHttp((pathname, body) => through(pathname, body && form(body)), email, password)).signedIn).toBe(true);

    const editor = await through("/admin/case-studies");
    const csrf = new RegExp(`name="${CSRF_FIELD}" value="([^"]+)"`).exec(editor.text)?.[1];
    expect(csrf).toBeDefined();
    // A photo as a phone saves one: noise, so it stays large once compressed.
    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    expect(photo.byteLength).toBeGreaterThan(64 * 1024);
    const row = specCaseStudies.studies.length;
    const fields: Record<string, string> = {
      [CSRF_FIELD]: csrf!,
      intent: "save",
      version: "1",
      ...caseStudiesValuesOf(specCaseStudies),
      ...inRow((key) => caseStudyName("studies", row, key), { ...UPLOADED_STUDY, position: "1" }),
    };
    const multipart = new FormData();
    for (const [name, value] of Object.entries(fields)) multipart.set(name, value);
    multipart.set(caseStudyName("studies", row, "imageFile"), new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "team.jpg");
    const encoded = new Request(nginx.httpsUrl, { method: "POST", body: multipart });
    const saved = await through("/admin/case-studies", {
      type: encoded.headers.get("content-type")!,
      bytes: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(saved.status, saved.text.slice(0, 300)).toBe(303);
    expect(saved.location).toBe("/admin/case-studies?done=save");
    // On both instances, whichever nginx asks: the other has it once its poll finds the save.
    for (let i = 0; i < 2; i++)
      await expect
        .poll(async () => (await send(`${nginx.httpsUrl}/case-studies`)).body.toString("utf8"), { timeout: 15_000 })
        .toContain(`alt="${UPLOADED_STUDY.imageAlt.replace("'", "&#x27;")}"`);
  });

  it("keeps nginx's idle connection to an instance open longer than nginx does: no post is sent on one closing", async () => {
    const conf = readFileSync(path.resolve(import.meta.dirname, "../../deploy/nginx/roi-site.conf"), "utf8");
    const nginxSeconds = Number(/^\s*keepalive_timeout (\d+)s;/m.exec(conf)?.[1]);
    const answer = await fetch(`${a().url}/healthz`);
    const instanceSeconds = Number(/timeout=(\d+)/.exec(answer.headers.get("keep-alive") ?? "")?.[1]);
    expect(nginxSeconds).toBeGreaterThan(0);
    expect(instanceSeconds).toBeGreaterThan(nginxSeconds);
  });

  it("accepts on one instance the ALTCHA challenge another issued, and refuses its replay there", async () => {
    const email = `altcha-across-${Date.now()}@example.co.za`;
    const token = await solveAltcha(a());
    const first = await postLead(b(), "/contact", { ...contact(email), ...enhanced(token) }, { "x-forwarded-for": "198.51.100.1" });
    expect(first.status).toBe(200);
    expect(first.result).toMatchObject({ ok: true, ...forms.contact.messages.success });

    // The solution B accepted, posted again to A: spent is spent, on every instance.
    const replay = await postLead(
      a(),
      "/contact",
      { ...contact(`replay-${email}`), ...enhanced(token) },
      { "x-forwarded-for": "198.51.100.2" },
    );
    expect(replay.status).toBe(403);
    expect(replay.result).toMatchObject({ ok: false, message: forms.contact.messages.botCheckFailed });
    expect(await cluster.query("SELECT email FROM form_submissions WHERE email LIKE $1", [`%${email}`])).toEqual([{ email }]);
  });

  it("stores each lead posted through nginx once, and both instances send notifications, none twice", async () => {
    const stamp = Date.now();
    const emails = Array.from({ length: 30 }, (_, i) => `via-nginx-${stamp}-${i}@example.co.za`);
    const answers = await Promise.all(
      emails.map(async (email, i) => {
        const from = { localAddress: visitorAddress() };
        const token = await solveAltchaAt(nginx.httpsUrl, from);
        return i % 2
          ? postLeadFrom(nginx.httpsUrl, "/blog", { email, ...enhanced(token) }, from)
          : postLeadFrom(nginx.httpsUrl, "/contact", { ...contact(email), ...enhanced(token) }, from);
      }),
    );
    expect(answers.map((answer) => answer.status)).toEqual(emails.map(() => 200));

    const stored = await cluster.query<{ id: number; email: string; client_address: string }>(
      "SELECT id, email, client_address FROM form_submissions WHERE email LIKE $1",
      [`via-nginx-${stamp}-%`],
    );
    expect(stored.map((row) => row.email).sort()).toEqual([...emails].sort());
    // The address each instance recorded is the one nginx saw, not nginx's own.
    expect(new Set(stored.map((row) => row.client_address)).size).toBe(emails.length);
    // nginx spread the posts over both instances.
    const posts = await waitFor(() => {
      const lines = nginx.accessLog().filter((line) => line.startsWith("POST "));
      return lines.length >= emails.length ? lines : undefined;
    }, "the posts in nginx's log");
    expect(new Set(posts.map((line) => line.split(" ")[3])).size).toBe(2);

    const leads = stored.map((row) => `form_submissions:${row.id}`);
    await waitFor(() => leads.every((lead) => smtp.countsByLead().has(lead)) || undefined, "every notification", 20_000);
    // A few more polls of both workers, after the last was marked sent: nothing may come twice.
    const lastSent = await waitFor(async () => {
      const [row] = await cluster.query<{ unsent: number; at: Date }>(
        "SELECT count(*) FILTER (WHERE status <> 'sent')::int AS unsent, max(sent_at) AS at FROM outbox",
      );
      return row!.unsent === 0 ? row!.at : undefined;
    }, "every notification marked sent");
    await outboxPollsSince(lastSent, OUTBOX_POLL_MS);
    const counts = smtp.countsByLead();
    expect(leads.map((lead) => counts.get(lead))).toEqual(leads.map(() => 1));
    expect(smtp.duplicates()).toEqual([]);
    expect(new Set(smtp.deliveries.map((d) => d.from))).toEqual(new Set(senders));
    expect(await cluster.query("SELECT count(*)::int AS n FROM outbox WHERE status <> 'sent'")).toEqual([{ n: 0 }]);
  });

  it("holds one visitor to the form's rate limit across both instances, whatever X-Forwarded-For they send", async () => {
    const localAddress = visitorAddress();
    const { max } = forms.contact.rateLimit;
    const contactPosts = () => nginx.accessLog().filter((line) => line.startsWith("POST /contact.data"));
    const before = contactPosts().length;
    // Solved beforehand, so only the posts go through nginx, which takes turns between the instances.
    const tokens = await Promise.all(Array.from({ length: max + 3 }, () => solveAltcha(a())));
    const post = (i: number) =>
      postLeadFrom(
        nginx.httpsUrl,
        "/contact",
        { ...contact(`limited-${Date.now()}-${i}@example.co.za`), ...enhanced(tokens[i - 1]!) },
        // A visitor naming another address: nginx appends the real one, which the app reads.
        { localAddress, headers: i > max ? { "x-forwarded-for": "203.0.113.77" } : {} },
      );
    const statuses: number[] = [];
    for (let i = 1; i <= max + 2; i++) statuses.push((await post(i)).status);
    expect(statuses).toEqual([...Array(max).fill(200), 429, 429]);
    const refused = await post(max + 3);
    expect(refused.result).toMatchObject({ ok: false, title: rateLimitTitle, message: rateLimitMessage(15) });
    const upstreams = await waitFor(() => {
      const lines = contactPosts().slice(before);
      return lines.length === max + 3 ? lines.map((line) => line.split(" ")[3]) : undefined;
    }, "the posts in nginx's log");
    expect(new Set(upstreams).size, "the posts went to both instances").toBe(2);
  });

  it("accepts on one instance the no-JavaScript form token another rendered, once", async () => {
    expect(tokenFromA, "instance A renders a form token").not.toBe("");
    // A person takes at least 3 seconds to fill in a form; the token says when A rendered it, signed with the key both share.
    const [siteKey] = await cluster.query<{ value: string }>("SELECT value FROM site_keys WHERE name = 'site'");
    await waitUntilFormTokenAccepted(tokenFromA, siteKey!.value);
    const email = `token-across-${Date.now()}@example.co.za`;
    const fields = { ...contact(email), [botFields.formToken]: tokenFromA, [botFields.honeypot]: "" };
    const page = await postPage(b(), "/contact", fields, { "x-forwarded-for": "198.51.100.3" });
    expect(page.status).toBe(200);
    expect(page.html).toContain(forms.contact.messages.success.message);
    expect(await cluster.query("SELECT bot_check FROM form_submissions WHERE email = $1", [email])).toEqual([{ bot_check: "noscript" }]);

    const replay = await postLead(a(), "/contact", { ...fields, email: `again-${email}` }, { "x-forwarded-for": "198.51.100.4" });
    expect(replay.status).toBe(403);
  });

  it("keeps an inbox session made on one instance signed in on the other, and signed out on both", async () => {
    const email = "agent@roimedia.test";
    const password = "a long enough passphrase";
    createUserByCommand(email, password);

    const cookies = new Map<string, string>();
    // Each instance in turn, as nginx reaches it for the browser: the scheme and host the browser used,
    // which its Origin names.
    const site = new URL(nginx.httpsUrl);
    const proxied = { "x-forwarded-proto": "https", "x-forwarded-host": site.host, "x-forwarded-for": "198.51.100.20" };
    const browse = async (server: RunningServer, pathname: string, body?: Record<string, string>) => {
      const res = await fetch(`${server.url}${pathname}`, {
        method: body ? "POST" : "GET",
        redirect: "manual",
        headers: { ...proxied, cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "), ...(body ? { origin: site.origin } : {}) },
        body: body ? new URLSearchParams(body) : undefined,
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(";");
        const [name, ...value] = pair!.split("=");
        if (attributes.some((attribute) => /max-age=0/i.test(attribute))) cookies.delete(name!.trim());
        else cookies.set(name!.trim(), value.join("="));
      }
      return { status: res.status, text: await res.text() };
    };

    // The password on one instance, the app's code on the other: the waiting sign-in is shared too.
    const signedIn = await signInOverHttp(
      (pathname, body) => browse(body && pathname !== "/admin/login" ? b() : a(), pathname, body),
      email,
      password,
    );
    expect(signedIn.signedIn).toBe(true);
    const inbox = await browse(b(), "/admin");
    expect(inbox.status).toBe(200);
    expect(inbox.text).toContain("Sign out");

    const csrf = /name="csrf" value="([^"]+)"/.exec(inbox.text)?.[1];
    expect(csrf, "the inbox's form token").toBeTruthy();
    const session = [...cookies].find(([name]) => name.endsWith("roi_admin"))!;
    await browse(b(), "/admin/logout", { csrf: csrf! });
    // The cookie a thief kept is refused by the instance that issued it, too.
    cookies.set(session[0], session[1]);
    expect((await browse(a(), "/admin")).status).toBe(303);
  });

  it("serves hashed assets and social cards itself, immutable, over HTTP/2, and pages from the app", async () => {
    const script = readdirSync(path.join(clientDir, "assets")).find((name) => name.endsWith(".js"))!;
    const card = readdirSync(path.join(clientDir, "og")).find((name) => name.endsWith(".png"))!;
    const session = http2.connect(nginx.httpsUrl, { rejectUnauthorized: false });
    const get = (pathname: string, headers: Record<string, string> = {}) =>
      new Promise<{ headers: http2.IncomingHttpHeaders; size: number }>((resolve, reject) => {
        const stream = session.request({ ":path": pathname, ...headers });
        let size = 0;
        let answer: http2.IncomingHttpHeaders = {};
        stream.on("response", (h) => (answer = h));
        stream.on("data", (chunk: Buffer) => (size += chunk.length));
        stream.on("end", () => resolve({ headers: answer, size }));
        stream.on("error", reject);
      });
    try {
      const asset = await get(`/assets/${script}`, { "accept-encoding": "gzip" });
      expect(asset.headers[":status"]).toBe(200);
      expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(asset.headers["content-encoding"]).toBe("gzip");
      const social = await get(`/og/${card}`);
      expect(social.headers[":status"]).toBe(200);
      expect(social.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      // The prerendered page as the app prepared it at start: compressed once, its scripts allowed by hash.
      const home = await get("/", { "accept-encoding": "gzip, deflate, br, zstd" });
      expect(home.headers[":status"]).toBe(200);
      expect(home.headers["content-encoding"]).toBe("br");
      expect(home.headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
      const again = await get("/", { "accept-encoding": "gzip, deflate, br, zstd", "if-none-match": String(home.headers.etag) });
      expect(again.headers[":status"]).toBe(304);
    } finally {
      session.close();
    }
    // nginx logs a request once it is finished with it, a moment after the client has the answer.
    const log = await waitFor(() => {
      const lines = nginx.accessLog();
      return lines.some((line) => line.startsWith("GET / 200 ")) ? lines : undefined;
    }, "the access log");
    expect(log).toContainEqual(`GET /assets/${script} 200 -`);
    expect(log).toContainEqual(`GET /og/${card} 200 -`);
    expect(log.find((line) => line.startsWith("GET / 200 "))).toMatch(/127\.0\.0\.1:\d+$/);

    const plain = await send(`${nginx.httpUrl}/contact?x=1`);
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe("https://www.example.co.za/contact?x=1");
  });

  it("keeps taking leads through nginx while one instance is down, and takes it back when it returns", async () => {
    await a().kill();
    const stamp = Date.now();
    const emails = Array.from({ length: 6 }, (_, i) => `one-down-${stamp}-${i}@example.co.za`);
    for (const email of emails) {
      const from = { localAddress: visitorAddress() };
      const answer = await postLeadFrom(nginx.httpsUrl, "/blog", { email, ...enhanced(await solveAltchaAt(nginx.httpsUrl, from)) }, from);
      expect(answer.status).toBe(200);
    }
    expect(await cluster.query("SELECT count(*)::int AS n FROM form_submissions WHERE email LIKE $1", [`one-down-${stamp}-%`])).toEqual([
      { n: 6 },
    ]);

    await cluster.restart(0);
    const from = { localAddress: visitorAddress() };
    const back = await postLead(a(), "/blog", {
      email: `back-${stamp}@example.co.za`,
      ...enhanced(await solveAltchaAt(nginx.httpsUrl, from)),
    });
    expect(back.status).toBe(200);
  });
});

describe("the deployment files agree with each other", () => {
  const deploy = (file: string) => readFileSync(path.resolve(import.meta.dirname, "../../deploy", file), "utf8");

  it("compose runs the Dockerfile's targets, and nginx's upstream names its app services", () => {
    const compose = parse(deploy("compose.yaml"), { merge: true }) as {
      services: Record<string, { build?: { target: string }; environment?: Record<string, string> }>;
    };
    const dockerfile = deploy("Dockerfile");
    const targets = [...dockerfile.matchAll(/^FROM \S+ AS (\w+)$/gm)].map((m) => m[1]);
    for (const service of Object.values(compose.services)) {
      if (service.build) expect(targets).toContain(service.build.target);
    }
    const apps = Object.entries(compose.services).filter(([, s]) => s.build?.target === "app");
    expect(apps.length).toBeGreaterThanOrEqual(2);
    const upstream = [...deploy("nginx/roi-site.conf").matchAll(/^\s*server (\w+):(\d+)/gm)].map((m) => `${m[1]}:${m[2]}`);
    expect(upstream.sort()).toEqual(apps.map(([name]) => `${name}:3000`).sort());
    for (const [, app] of apps) {
      expect(app.environment).toMatchObject({ TRUST_PROXY: "x-forwarded-for" });
      expect(app.environment?.DATABASE_URL).toMatch(/^postgres:\/\//);
    }
  });

  it("lets through nginx, at their own limits, the posts of exactly the editors the app reads an image or a document from", () => {
    expect(deploy("nginx/locations.conf")).toContain(`location ~ "${IMAGE_POST_PATH.source}" {\n    client_max_body_size 64m;`);
    expect(IMAGE_POST_MAX_BYTES).toBe(64 * 1024 * 1024);
    expect(deploy("nginx/locations.conf")).toContain(`location ~ "${SITE_CONTENT_POST_PATH.source}" {\n    client_max_body_size 256k;`);
    expect(SITE_CONTENT_POST_MAX_BYTES).toBe(256 * 1024);
  });

  it("runs the app as a non-root user from the build and production dependencies, checked on /healthz", () => {
    const app = deploy("Dockerfile")
      .split(/^FROM /m)
      .find((stage) => / AS app$/m.test(stage))!;
    expect(app).toMatch(/^USER node$/m);
    expect(app).toMatch(/^HEALTHCHECK .*\n?.*\/healthz/m);
    expect(app).toContain("COPY --from=deps /srv/roi-site/node_modules");
    expect(app).toContain("COPY --from=build /src/build ./build");
    expect(deploy("Dockerfile")).toContain("npm ci --omit=dev");
  });
});
