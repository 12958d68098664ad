import type { CDPSession, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { authenticatorCode, createUser, signIn } from "#tests/support/admin-users.ts";
import { expectNoAxeViolations } from "#tests/support/browser.ts";
import { readSiteDb } from "#tests/support/database.ts";
import { useBrowser, useServer } from "#tests/support/e2e.ts";
import { startSite, visitorHeaders } from "#tests/support/site.ts";

/**
 * Passkeys as a second factor beside the authenticator app (decision 0045),
 * in Chromium with its virtual authenticator (CDP's WebAuthn domain), against
 * the site as deployed: behind nginx with TLS at a host name, the app reached
 * by the proxy at another address, so the RP ID and origin the server expects
 * are the public ones (SITE_URL), not what the app itself is reached at.
 */

const PASSWORD = "correct horse battery staple";
const ADDS = "adds@roimedia.co.za";
const NO_SCRIPT = "no-script@roimedia.co.za";

const browser = useBrowser();
const server = useServer(() => startSite({ ALTCHA_COST: "20" }, { on: "tls" }));

beforeAll(async () => {
  for (const email of [ADDS, NO_SCRIPT]) await createUser(server.dataDir, email, PASSWORD, undefined, { role: "reader" });
});

const audit = (email: string) =>
  readSiteDb<{ detail: string }>(server.dataDir, "SELECT detail FROM admin_audit_log WHERE actor = ? ORDER BY id", email).map(
    (entry) => entry.detail,
  );
const sessionsOf = (email: string) =>
  readSiteDb(server.dataDir, "SELECT 1 FROM admin_sessions s JOIN admin_users u ON u.id = s.user_id WHERE u.email = ?", email).length;

/** A visitor of its own address at the site's public https address (its certificate is the test's throwaway one). */
async function visitor(options: { javaScriptEnabled?: boolean } = {}) {
  const headers = visitorHeaders();
  const tracked = await browser.openPage(
    { viewport: { width: 1280, height: 900 }, ignoreHTTPSErrors: true, extraHTTPHeaders: headers, ...options },
    // A passkey refused is answered 401, which Chromium logs.
    { allowConsoleErrors: [/status of 401/] },
  );
  return { page: tracked.page, address: headers["X-Forwarded-For"]! };
}

/** A security key plugged into the page's browser: Chromium's virtual authenticator. */
async function plugInSecurityKey(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "usb", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return { cdp, authenticatorId };
}

async function addPasskey(page: Page, name: string) {
  await page.goto(`${server.url}/admin/account`);
  await page.getByLabel("Name of the passkey").fill(name);
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect.poll(() => page.getByRole("status").textContent()).toContain(`Passkey added: ${name}.`);
  await expect.poll(() => page.getByRole("table", { name: "Your passkeys" }).innerText()).toContain(name);
}

async function passwordStep(page: Page, email: string) {
  await page.goto(`${server.url}/admin/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/admin\/login\/code/);
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await page.waitForURL(/\/admin\/login\?signed-out=1/);
}

describe("passkeys, in Chromium behind nginx with TLS", () => {
  it("a user adds a passkey on the Account page, signs in with it in place of a code, and removes it; a copy of it is refused", async () => {
    const { page, address } = await visitor();
    await signIn(page, server.url, ADDS, PASSWORD);
    const key = await plugInSecurityKey(page);
    await addPasskey(page, "Work laptop");
    expect(audit(ADDS)).toContain("added a passkey (Work laptop)");
    await expectNoAxeViolations(page);
    await signOut(page);

    // The password, then the passkey in place of a code.
    await passwordStep(page, ADDS);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await page.waitForURL(`${server.url}/admin`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Leads");
    expect(audit(ADDS)).toContain(`signed in with a passkey (Work laptop) from ${address}`);
    await signOut(page);

    // A copy of the key whose counter stands where it did before that sign-in (a cloned key): refused, and no session.
    const { credentials } = await key.cdp.send("WebAuthn.getCredentials", { authenticatorId: key.authenticatorId });
    expect(credentials).toHaveLength(1);
    const used = credentials[0]!;
    expect(used.signCount, "the key counts its uses").toBeGreaterThan(0);
    await key.cdp.send("WebAuthn.removeCredential", { authenticatorId: key.authenticatorId, credentialId: used.credentialId });
    await key.cdp.send("WebAuthn.addCredential", { authenticatorId: key.authenticatorId, credential: { ...used, signCount: 0 } });
    const before = sessionsOf(ADDS);
    await passwordStep(page, ADDS);
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("That passkey was not accepted");
    expect(page.url()).toMatch(/\/admin\/login\/code/);
    expect(sessionsOf(ADDS)).toBe(before);
    expect(audit(ADDS)).toContain(
      `failed sign-in: a passkey not accepted (the passkey Work laptop counted back, as a copy of it would) from ${address}`,
    );

    // The app's code still signs in; the passkey is removed on the Account page, and no longer offered.
    await page.getByLabel("Code", { exact: true }).fill(await authenticatorCode(ADDS));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(`${server.url}/admin`);
    await page.goto(`${server.url}/admin/account`);
    await page.getByRole("button", { name: "Remove the passkey Work laptop" }).click();
    await expect.poll(() => page.getByRole("status").first().textContent()).toBe("Passkey removed.");
    expect(await page.getByRole("table", { name: "Your passkeys" }).count()).toBe(0);
    expect(audit(ADDS)).toContain("removed a passkey (Work laptop)");
    await signOut(page);
    await passwordStep(page, ADDS);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Enter your code");
    expect(await page.getByRole("button", { name: "Use a passkey" }).count()).toBe(0);
  });

  it("without JavaScript, the code step and the Account page say a passkey needs it, and their forms still work", async () => {
    // The passkey added with JavaScript, on a browser of its own.
    const scripted = await visitor();
    await signIn(scripted.page, server.url, NO_SCRIPT, PASSWORD);
    await plugInSecurityKey(scripted.page);
    await addPasskey(scripted.page, "Phone");

    const { page } = await visitor({ javaScriptEnabled: false });
    await passwordStep(page, NO_SCRIPT);
    expect(await page.getByText("A passkey needs JavaScript, which is off in this browser: enter a code below.").isVisible()).toBe(true);
    await page.getByLabel("Code", { exact: true }).fill(await authenticatorCode(NO_SCRIPT));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(`${server.url}/admin`);
    await page.goto(`${server.url}/admin/account`);
    expect(await page.getByText("Adding a passkey needs JavaScript, which is off in this browser.").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Add a passkey" }).count()).toBe(0);
    await page.getByRole("button", { name: "Remove the passkey Phone" }).click();
    await page.waitForURL(`${server.url}/admin/account?passkey-removed=1`);
    expect(await page.getByText("Passkey removed.").isVisible()).toBe(true);
  });
});
