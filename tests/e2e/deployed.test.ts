import type { Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SITE_HOST, topology } from "../support/site";
import { exactly, gotoForm, openFormPage, rows, toastWith, useFormsSite } from "./forms-support";
import { forms } from "~/forms/registry";

/**
 * What the e2e-tls run stands on: the browser really is on https at a host
 * name, over HTTP/2 through nginx, and its posts carry that Origin. Without
 * these, the suites run "through TLS" would prove nothing.
 */
describe.skipIf(topology !== "tls")("the site as deployed", () => {
  const { browser, server } = useFormsSite();

  it("serves the browser over HTTP/2 with TLS at its host name, and its posts carry that origin through nginx", async () => {
    const { page } = await openFormPage(browser);
    const posts: Request[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request);
    });
    await gotoForm(page, `${server.url}/free-ai-assessment`);
    expect(new URL(page.url()).host).toBe(new URL(server.url).host);
    expect(new URL(page.url()).hostname).toBe(SITE_HOST);
    expect(await page.evaluate(() => [location.protocol, window.isSecureContext])).toEqual(["https:", true]);
    const protocol = await page.evaluate(
      () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).nextHopProtocol,
    );
    expect(protocol).toBe("h2");

    const form = page.locator("main form").first();
    await form.getByLabel(exactly("Full Name")).fill("Ayanda Zulu");
    await form.getByLabel(exactly("Email Address")).fill("deployed@example.co.za");
    await form.getByLabel(exactly("Company Name")).fill("Zulu Legal");
    await form.getByLabel(exactly("Goals")).fill("Automate client intake");
    await form.getByRole("button", { name: "Get My Free AI Assessment" }).click();
    expect((await toastWith(page, forms.aiAssessment.messages.success.title)).description).toBe(
      forms.aiAssessment.messages.success.message,
    );

    const post = posts.find((request) => new URL(request.url()).pathname === "/free-ai-assessment.data");
    expect(await post?.headerValue("origin")).toBe(server.url);
    expect(server.proxyLog()).toContainEqual(expect.stringMatching(/^POST \/free-ai-assessment\.data(\?\S*)? 200 127\.0\.0\.1:\d+$/));
    expect(rows(server, "SELECT name FROM form_submissions WHERE email = ?", "deployed@example.co.za")).toEqual([{ name: "Ayanda Zulu" }]);
  });
});
