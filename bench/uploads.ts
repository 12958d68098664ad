// A lead's time while the editor's uploads are made (docs/decisions/0044): quiet, then during bursts of small noisy
// photos, huge PNGs and a large photo, with a control that decodes nothing. Writes bench/results/uploads.json and .md.
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import sharp from "sharp";
import { createUser } from "#tests/support/admin-users.ts";
import type { BurstInput } from "#bench/upload-burst.ts";
import type { EditorFile } from "#tests/support/editor-posts.ts";
import { InboxBrowser } from "#tests/support/inbox-browser.ts";
import { enhanced, postLead, solveAltcha } from "#tests/support/leads.ts";
import { startServer } from "#tests/support/server.ts";

const SAMPLES = 7;
const INTO_BURST_MS = 1000;
const EDITOR = "bench-uploads@roimedia.co.za";
const PASSWORD = "a long enough passphrase";

process.env.ADMIN_PASSWORD_COST ??= "14";
const server = await startServer({
  TRUST_PROXY: "x-forwarded-for",
  ALTCHA_HMAC_KEY: randomBytes(32).toString("hex"),
  ALTCHA_COST: "20",
  ARTICLE_UPLOADS_PER_MINUTE: "1000",
  HEAVY_WORK_QUEUE: "1000",
  LOG_LEVEL: "warn",
});

interface Stretch {
  label: string;
  leadsMs: number[];
  uploadsWaitingAtLastLead?: number;
  uploads?: number;
  burstMs?: number;
  /** Refused from its header, before any decoding (issue 40). */
  refused?: number;
}

const stretches: Stretch[] = [];
try {
  await createUser(server.dataDir, EDITOR, PASSWORD, undefined, { role: "editor" });
  const editor = new InboxBrowser(server.url, "192.0.2.200");
  if (!(await editor.signIn(EDITOR, PASSWORD)).signedIn) throw new Error("the editor could not sign in");
  const tokens: string[] = [];
  for (let i = 0; i < 6 * SAMPLES + 1; i++) tokens.push(await solveAltcha(server));

  let leadCount = 0;
  const timedLead = async () => {
    leadCount++;
    const fields = { name: "Bench Visitor", email: `bench-${leadCount}@example.co.za`, company: "Bench (Pty) Ltd", budget: "6.5k-12.4k" };
    const started = performance.now();
    const answer = await postLead(
      server,
      "/contact",
      { ...fields, ...enhanced(tokens.pop()!) },
      { "x-forwarded-for": `198.51.100.${leadCount}` },
    );
    if (answer.status !== 200) throw new Error(`a lead was answered ${answer.status}`);
    return performance.now() - started;
  };
  const leads = async () => {
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) times.push(await timedLead());
    return times;
  };

  const during = async (label: string, files: EditorFile[]) => {
    let waiting = files.length;
    let refused = 0;
    const input: BurstInput = { siteUrl: server.url, address: editor.address, cookies: [...editor.cookies], files };
    const burst = new Worker(new URL("./upload-burst.ts", import.meta.url), { workerData: input });
    let sending: () => void;
    const sent = new Promise<void>((resolve) => (sending = resolve));
    const answered = new Promise<void>((resolve, reject) => {
      burst.on("message", (status: number | "sending") => {
        if (status === "sending") return sending();
        waiting--;
        if (status === 400) refused++;
        else if (status !== 200) reject(new Error(`${label}: an upload was answered ${status}`));
      });
      burst.on("error", reject);
      burst.on("exit", () => resolve());
    });
    await sent;
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, INTO_BURST_MS));
    const leadsMs = await leads();
    const uploadsWaitingAtLastLead = waiting;
    await answered;
    stretches.push({ label, leadsMs, uploadsWaitingAtLastLead, uploads: files.length, burstMs: performance.now() - started, refused });
    console.log(`uploads: ${label}: done`);
  };

  await timedLead(); // the first post warms the server's code paths
  stretches.push({ label: "quiet", leadsMs: await leads() });

  const smallPhotos = await Promise.all(
    Array.from({ length: 100 }, () =>
      sharp(randomBytes(160 * 120 * 3), { raw: { width: 160, height: 120, channels: 3 } })
        .png()
        .toBuffer(),
    ),
  );
  await during(
    "100 photos of 160 × 120 at once",
    smallPhotos.map((bytes, i) => ({ name: `small-${i}.png`, type: "image/png", bytes })),
  );

  // The control: nothing is decoded.
  const stored = smallPhotos[0]!;
  await during(
    "100 posts of one photo stored already (nothing to decode)",
    smallPhotos.map((_, i) => ({ name: `stored-${i}.png`, type: "image/png", bytes: stored })),
  );

  const bombs = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      sharp(Buffer.alloc(7000 * 7000, 40 + i), { raw: { width: 7000, height: 7000, channels: 1 } })
        .png()
        .toBuffer(),
    ),
  );
  await during(
    "8 PNGs of 7000 × 7000 at once",
    bombs.map((bytes, i) => ({ name: `bomb-${i}.png`, type: "image/png", bytes })),
  );

  const photo = await sharp(randomBytes(2400 * 1600 * 3), { raw: { width: 2400, height: 1600, channels: 3 } })
    .jpeg({ quality: 60 })
    .toBuffer();
  await during("one photo of 2400 × 1600", [{ name: "photo.jpg", type: "image/jpeg", bytes: photo }]);
} finally {
  await server.stop();
}

const sorted = (values: number[]) => values.toSorted((a, b) => a - b);
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)]!;
const ms = (value: number | undefined) => (value === undefined ? "" : `${Math.round(value).toLocaleString("en")} ms`);
const quiet = stretches[0]!;
const results = stretches.map((stretch) => ({
  ...stretch,
  medianMs: median(stretch.leadsMs),
  maxMs: Math.max(...stretch.leadsMs),
  overQuietMaxMs: Math.max(...stretch.leadsMs) - Math.max(...quiet.leadsMs),
}));

mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/uploads.json",
  JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, results }, null, 2),
);
writeFileSync(
  "bench/results/uploads.md",
  [
    "## A lead's time while the editor's uploads are made\n",
    `The built server, an editor signed in; ${SAMPLES} contact leads posted one after another, quiet, then from ` +
      `${INTO_BURST_MS / 1000} s into each burst of uploads, posted from a thread of their own (the editor's uploads a minute and ` +
      "the heavy-work queue raised, so every upload is made). Uploads are decoded in the heavy-work process, at nice 19 " +
      "(docs/decisions/0044). Target: the slowest lead within 500 ms of the slowest quiet one (issue 40), beyond what the " +
      "control's hundred posts cost by themselves.\n",
    "| while | leads: median | slowest | slowest over quiet | uploads not yet answered at the last lead | refused | whole burst |",
    "|---|---:|---:|---:|---:|---:|---:|",
    ...results.map(
      (r) =>
        `| ${r.label} | ${ms(r.medianMs)} | ${ms(r.maxMs)} | ${r === results[0] ? "" : ms(r.overQuietMaxMs)} | ` +
        `${r.uploads === undefined ? "" : `${r.uploadsWaitingAtLastLead} of ${r.uploads}`} | ${r.refused ?? ""} | ${ms(r.burstMs)} |`,
    ),
    "",
  ].join("\n"),
);
console.log("bench/results/uploads.md written");
