// Makes docs/system-page.png: the System page with the mail part failing (decision 0049). Not part of `npm test`:
//   npm run build && npm run docs:system-page
import { existsSync } from "node:fs";
import path from "node:path";
import { createUser, signIn } from "#tests/support/admin-users.ts";
import { launchBrowser } from "#tests/support/browser.ts";
import { readSiteDb } from "#tests/support/database.ts";
import { enhanced, postLead, solveAltcha, waitFor } from "#tests/support/leads.ts";
import { freePort, startServer } from "#tests/support/server.ts";

const ADMIN = "thandi@roimedia.co.za";
const PASSWORD = "a long enough passphrase for the docs";
const docs = path.resolve(import.meta.dirname, "../docs");

if (!existsSync(path.resolve(import.meta.dirname, "../build/server"))) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}

const server = await startServer({
  SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
  OUTBOX_POLL_MS: "200",
  OUTBOX_RETRY_BASE_MS: "500",
  OUTBOX_RETRY_MAX_MS: "2000",
  MAIL_DOWN_ALERT_AFTER: "2s",
  HEALTH_CHECK_SECONDS: "1",
});
const browser = await launchBrowser();
try {
  await createUser(server.dataDir, ADMIN, PASSWORD);
  const lead = {
    name: "Sipho Dlamini",
    email: "sipho@example.co.za",
    company: "Dlamini Logistics",
    ...enhanced(await solveAltcha(server)),
  };
  if ((await postLead(server, "/contact", lead)).status !== 200) throw new Error("the lead was not taken");
  await waitFor(
    () => readSiteDb(server.dataDir, "SELECT 1 FROM part_health WHERE part = 'mail' AND alerted_at IS NOT NULL").length > 0 || undefined,
    "the admins' alert",
    60_000,
  );
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
  await signIn(page, server.url, ADMIN, PASSWORD, "/admin/system");
  await page.getByRole("heading", { name: "System", level: 1 }).waitFor();
  await page.screenshot({ path: path.join(docs, "system-page.png"), fullPage: true });
  console.log(`Wrote ${path.join(docs, "system-page.png")}`);
} finally {
  await browser.close();
  await server.stop();
}
