import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { phoneHref, specContact } from "#app/content/contact-details.ts";
import { aiAssessmentBenefits } from "#app/content/ai-assessment.ts";
import { aiPackages } from "#app/content/ai-packages.ts";
import { auditInclusions, fullAuditInclusions } from "#app/content/audit.ts";
import { caseStudies, caseStudyFor } from "#app/content/case-studies.ts";
import { contactFaq } from "#app/content/faq.ts";
import { homeHero } from "#app/content/home.ts";
import { introVideoEmbedUrl, introVideoWatchUrl } from "#app/content/intro-video.ts";
import { partnerBadges } from "#app/content/partners.ts";
import { addOns, pricingGroups } from "#app/content/pricing.ts";
import { metricsOf, servicePages } from "#app/content/service-pages.ts";
import { specFigures } from "#app/content/stats.ts";
import { serviceCards, serviceSlugs } from "#app/content/services.ts";
import { team } from "#app/content/team.ts";
import { auditQuote, auditTestimonials, testimonials } from "#app/content/testimonials.ts";
import { formatLongDate } from "#app/lib/sast.ts";
import { APP_SCRIPTS, hydrated } from "#tests/support/browser.ts";
import { useBrowser, useServer, useSharedServer } from "#tests/support/e2e.ts";
import { startServer } from "#tests/support/server.ts";

const browser = useBrowser();
const server = useSharedServer();

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'", nbsp: " " };

/** Visible text of some HTML, as a visitor reads it. */
function textOf(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&(#x27|#39|amp|lt|gt|quot|nbsp);/g, (_, name: string) => entities[name]!)
    .replace(/\s+/g, " ");
}

interface Rendered {
  html: string;
  text: string;
  /** The text of every link to exactly this href. */
  linksTo(href: string): string[];
  jsonLd(): Array<Record<string, any>>;
  headings(level: number): string[];
}

/** The server-rendered page, as a crawler or a visitor without JavaScript gets it. */
async function render(path: string): Promise<Rendered> {
  const res = await fetch(server.url + path);
  expect(res.status, path).toBe(200);
  const html = await res.text();
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  return {
    html,
    text: textOf(main),
    linksTo: (href) =>
      [...main.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)]
        .filter(([, attrs]) => attrs!.includes(`href="${href.replaceAll("&", "&amp;")}"`))
        .map(([, , inner]) => textOf(inner!).trim()),
    jsonLd: () => [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!)),
    headings: (level) =>
      [...main.matchAll(new RegExp(`<h${level}\\b[^>]*>([\\s\\S]*?)</h${level}>`, "g"))].map((m) => textOf(m[1]!).trim()),
  };
}

function expectAll(text: string, phrases: readonly string[]) {
  for (const phrase of phrases) expect(text, `page shows "${phrase}"`).toContain(phrase);
}

describe("home", () => {
  it("has the hero with its two buttons, the three stats and an illustration but no iframe", async () => {
    const page = await render("/");
    expect(page.linksTo("/free-audit")).toContain("Get Your Free Ad Audit");
    expect(page.linksTo("/services")).toContain("Explore Our Services");
    expectAll(page.text, ["287% average ROI increase", "R250K ad spend optimised", "50+ clients scaled"]);
    expect(page.html).not.toContain("<iframe");
    expect(page.html).not.toContain("youtube-nocookie");
  });

  it("has the services grid with links to each service, a free strategy session and pricing", async () => {
    const page = await render("/");
    for (const card of serviceCards) expect(page.linksTo(`/services/${card.slug}`)).toContain(card.title);
    expect(page.linksTo("/contact")).toContain("Get a Free Strategy Session");
    expect(page.linksTo("/pricing")).toContain("View Pricing");
  });

  it("has three five-star testimonials and the six partner badges", async () => {
    const page = await render("/");
    for (const t of testimonials) expectAll(page.text, [t.name, `${t.title}, ${t.company}`, t.quote, t.results]);
    expect(page.html.match(/aria-label="Rated 5 out of 5"/g)!.length).toBeGreaterThanOrEqual(3);
    expectAll(
      page.text,
      partnerBadges.map((b) => b.name),
    );
  });

  it("has the free-audit block with one more quote, its two links and the six inclusions", async () => {
    const page = await render("/");
    expect(page.text).toContain(auditQuote.quote);
    expect(page.linksTo("/free-audit")).toContain("Get My Free Audit");
    expect(page.linksTo("/contact")).toContain("Schedule a Strategy Call");
    expectAll(page.text, auditInclusions);
  });
});

describe("about", () => {
  it("has the profile download, four stats, problem and solution, three values, three founders and the calls to action", async () => {
    const page = await render("/about");
    // The entry opens the company profile dialog, which is in the page (app/before-react/README.md).
    // The hero's and the footer's.
    expect(page.html.match(/<button type="button" command="show-modal" commandfor="company-profile"/g)).toHaveLength(2);
    expect(page.text.match(/Download Company Profile/g)).toHaveLength(1);
    expect(page.html).toContain('<dialog id="company-profile"');
    expectAll(page.text, ["50+ Clients scaled", "287% Average ROI increase", "8+ Years of paid media experience", "90% Client retention"]);
    expect(page.headings(3)).toEqual(
      expect.arrayContaining(["The problem", "Our solution", "Results over activity", "Radical transparency", "Always learning"]),
    );
    for (const member of team) {
      expectAll(page.text, [member.name, member.role, member.bio, ...member.expertise]);
      expect(page.html).toContain(`aria-label="Illustrated avatar of ${member.name}"`);
    }
    expect(page.linksTo("/free-audit").length).toBeGreaterThan(0);
    expect(page.linksTo("/contact")).toContain("Contact Us");
  });
});

describe("services", () => {
  it("has seven cards with title, description, features, results and 'starting at' price, each linking to its page", async () => {
    const page = await render("/services");
    expect(serviceCards).toHaveLength(7);
    for (const card of serviceCards) {
      expect(page.linksTo(`/services/${card.slug}`)).toEqual([card.title]);
      expectAll(page.text, [card.description, card.results, card.pricingFrom, ...card.features]);
    }
    expectAll(page.text, ["$2,500", "$2,000", "$3,000", "$1,500", "$1,000", "$5,000", "R2,000"]);
  });

  it("has the four-step process, stats and calls to action to the audit, case studies and the profile", async () => {
    const page = await render("/services");
    expect(page.headings(3)).toEqual(expect.arrayContaining(["Step 01: Free audit", "Step 04: Optimise and scale"]));
    expectAll(page.text, ["50+", "287%", "R250K", "90%"]);
    expect(page.linksTo("/free-audit").length).toBeGreaterThan(0);
    expect(page.linksTo("/case-studies")).toEqual(["View Case Studies"]);
    expect(page.html.match(/commandfor="company-profile"/g)?.length).toBeGreaterThan(2);
  });
});

describe("service pages", () => {
  it.each(serviceSlugs)("/services/%s has its metrics, inclusions, guarantee, results, steps, story and trust stats", async (slug) => {
    const page = await render(`/services/${slug}`);
    const content = servicePages[slug];
    expectAll(
      page.text,
      metricsOf(content.metrics, specFigures).map((m) => `${m.value} ${m.label}`),
    );
    expectAll(page.text, content.included);
    expect(page.text).toContain(`Our Guarantee ${content.guarantee}`);
    expectAll(
      page.text,
      content.results.flatMap((r) => [r.value, r.metric, r.description]),
    );
    expect(page.headings(3)).toEqual(expect.arrayContaining(content.process.map((s) => `Step ${s.number}: ${s.title}`)));
    const story = caseStudyFor(slug);
    expectAll(page.text, [story.headline, story.problem, story.solution, story.result.value]);
    expect(page.linksTo("/case-studies")).toEqual(["Read more case studies"]);
    expectAll(page.text, ["2-4 hrs Response time", "100% Free audit or session", "No Sales pressure"]);
    expect(page.linksTo("/free-audit").length).toBeGreaterThan(0);
    expect(page.linksTo("/contact").length).toBeGreaterThan(0);
    expect(page.linksTo("/free-ai-assessment").length).toBeGreaterThan(0);
  });

  it.each(serviceSlugs)("/services/%s describes the service and its rand offers to search engines", async (slug) => {
    const data = (await render(`/services/${slug}`)).jsonLd();
    const service = data.find((d) => d["@type"] === "Service")!;
    expect(service.url).toBe(`${server.url}/services/${slug}`);
    expect(service.offers.length).toBeGreaterThan(0);
    expect(service.offers.length).toBeLessThanOrEqual(10);
    for (const offer of service.offers) expect(offer.priceSpecification.priceCurrency).toBe("ZAR");
    const crumbs = data.find((d) => d["@type"] === "BreadcrumbList")!;
    expect(crumbs.itemListElement.map((c: { item: string }) => c.item)).toEqual([
      `${server.url}/`,
      `${server.url}/services`,
      `${server.url}/services/${slug}`,
    ]);
  });

  it("shows the analytics hero over a drawn background", async () => {
    const page = await render("/services/analytics");
    const hero = page.html.slice(page.html.indexOf("<main"), page.html.indexOf("</h1>"));
    expect(hero).toMatch(/<svg[^>]*aria-hidden="true"[^>]*viewBox="0 0 1280 480"|<svg[^>]*viewBox="0 0 1280 480"[^>]*aria-hidden="true"/);
  });

  it("shows ROI and the three AI packages, Growth most popular, with their rand prices and offers", async () => {
    const page = await render("/services/prompt-engineering");
    expect(page.html).toMatch(/role="img"[^>]*aria-label="ROI, our friendly AI agent/);
    for (const pkg of aiPackages) expectAll(page.text, [pkg.name, pkg.priceRange, ...pkg.features]);
    expectAll(page.text, [
      "R2,000-R3,500",
      "R4,500-R8,000",
      "R12,000-R25,000+",
      "3 automated workflows",
      "2 hours of team training",
      "10+ automated workflows",
      "5 hours of team training",
      "Bi-weekly optimisation sessions",
      "Unlimited workflows",
      "Dedicated AI strategist",
      "24/7 support",
    ]);
    expect(page.text.match(/Most Popular/g)).toHaveLength(1);
    expect(page.text.indexOf("Most Popular")).toBeLessThan(page.text.indexOf("R4,500-R8,000"));
    expect(page.text.indexOf("Most Popular")).toBeGreaterThan(page.text.indexOf("R2,000-R3,500"));
    expect(page.linksTo("/get-started?service=promptEngineering")).toHaveLength(3);
    const service = page.jsonLd().find((d) => d["@type"] === "Service")!;
    expect(service.offers.map((o: { name: string }) => o.name)).toEqual([
      "AI Prompt Engineering Starter",
      "AI Prompt Engineering Growth",
      "AI Prompt Engineering Enterprise",
    ]);
    expect(service.offers[0].priceSpecification).toMatchObject({ minPrice: 2000, maxPrice: 3500 });
  });
});

describe("pricing", () => {
  it("shows every tier of every group with price, ad spend, features, ideal-for, results and a Get Started link", async () => {
    const page = await render("/pricing");
    for (const group of pricingGroups) {
      expect(page.headings(2)).toContain(`${group.title} ${group.summary}`);
      expect(page.text).toContain(`from ${group.tiers[0]!.price}`);
      expect(page.linksTo(`/get-started?service=${group.key}`)).toEqual(["Get Started", "Get Started", "Get Started"]);
      for (const tier of group.tiers) {
        expectAll(page.text, [tier.price, tier.idealFor, tier.results, ...tier.features]);
        if (tier.adSpend) expect(page.text).toContain(`Ad spend: ${tier.adSpend}`);
      }
    }
    expect(page.text.match(/Most Popular/g)).toHaveLength(7);
  });

  it("shows the add-ons, the guarantee and a call to action to the free audit", async () => {
    const page = await render("/pricing");
    for (const addOn of addOns) expectAll(page.text, [addOn.service, addOn.price]);
    expectAll(page.text, ["R4,000/month", "from R3,500", "R3,000", "R6,000", "R5,000"]);
    expectAll(page.text, [
      "90-day performance window",
      "2x ROAS minimum",
      "100% transparency",
      "at least R90,000 in wasted spend or opportunities, or the work is free",
    ]);
    expect(page.linksTo("/free-audit")).toContain("Get Your Free Audit");
  });
});

describe("contact", () => {
  it("has three whole-card links: email, phone with hours, and a 15-minute call booking", async () => {
    const page = await render("/contact");
    expect(page.linksTo(`mailto:${specContact.email}`)).toContainEqual(`Email Us ${specContact.email} We reply within 2-4 hours`);
    expect(page.linksTo(phoneHref(specContact.phone))).toContainEqual(`Call Us ${specContact.phone} Weekdays 9AM-6PM SAST`);
    expect(page.linksTo("/calendar")).toEqual(["Book a Call Pick a time that suits you 15-minute ROI consultation"]);
  });

  it("has the form region and four FAQ questions, also as FAQPage data", async () => {
    const page = await render("/contact");
    expect(page.html).toMatch(/<section id="contact-form"/);
    expectAll(
      page.text,
      contactFaq.flatMap((f) => [f.question, f.answer]),
    );
    expectAll(page.text, ["R90,000+ per month", "30-60 days", "significant ROI by 90 days", "month-to-month or 6-month"]);
    const faq = page.jsonLd().find((d) => d["@type"] === "FAQPage")!;
    expect(faq.mainEntity.map((q: { name: string }) => q.name)).toEqual(contactFaq.map((f) => f.question));
  });
});

describe("free audit", () => {
  it("has the form region, four stats, eight inclusions, the guarantee, two testimonials and the promises", async () => {
    const page = await render("/free-audit");
    expect(page.html).toMatch(/<section id="audit-form"/);
    expectAll(page.text, [
      "R850K Average savings found",
      "50+ Audits completed",
      "R45,000+ Value of comparable audits",
      "48 hours Audit delivered within",
    ]);
    expectAll(page.text, fullAuditInclusions);
    expect(fullAuditInclusions).toHaveLength(8);
    expectAll(page.text, ["The R90,000 Guarantee", "at least R90,000 in wasted spend or opportunities", "the work is free"]);
    for (const t of auditTestimonials) expectAll(page.text, [t.name, t.quote]);
    expectAll(page.text, ["48 hours", "No credit card required", "No sales calls", "R45,000+"]);
  });

  it("closes with a link back to the top and describes the audit as a free offer", async () => {
    const page = await render("/free-audit");
    expect(page.linksTo("#top")).toEqual(["Request My Free Audit"]);
    expect(page.html).toMatch(/<section id="top"/);
    const offer = page.jsonLd().find((d) => d["@type"] === "Offer")!;
    expect(offer).toMatchObject({ price: "0", priceCurrency: "ZAR" });
  });
});

describe("free AI assessment", () => {
  it("presents ROI with the form region, four benefits, the stats and a link to prompt engineering", async () => {
    const page = await render("/free-ai-assessment");
    expect(page.html).toMatch(/role="img"[^>]*aria-label="ROI, our AI agent"/);
    expect(page.html).toMatch(/<section id="ai-assessment-form"/);
    expect(page.headings(3)).toEqual(aiAssessmentBenefits.map((b) => b.title));
    expect(page.headings(3)).toEqual(["AI Readiness Analysis", "Custom ROI Roadmap", "Quick Wins Identification", "Growth Projections"]);
    expectAll(page.text, ["90% Time savings", "10x Faster outputs", "24/7 Availability"]);
    expect(page.linksTo("/services/prompt-engineering").length).toBeGreaterThan(0);
  });
});

describe("case studies", () => {
  it("tells each service's success story: service, problem, what we did and the measured result", async () => {
    const page = await render("/case-studies");
    expect(page.headings(2)).toEqual(expect.arrayContaining(caseStudies.map((s) => s.headline)));
    for (const study of caseStudies) {
      expectAll(page.text, [study.problem, study.solution, `${study.result.value} ${study.result.label}`]);
      expect(page.linksTo(`/services/${study.service}`).length).toBeGreaterThan(0);
    }
  });
});

describe("legal pages", () => {
  it("explains under POPIA what each form collects, cookies, rights and the information officer, dated today", async () => {
    const page = await render("/privacy");
    expect(page.text).toContain(`Last updated: ${formatLongDate(new Date())}`);
    expectAll(page.text, [
      "POPIA",
      "Contact form",
      "Free ad audit",
      "Free AI assessment",
      "Newsletter",
      "Company profile download",
      "Service order",
      "Call booking",
    ]);
    expectAll(page.text, [
      "Essential",
      "Analytics",
      "Marketing",
      "Functional",
      "How long we keep it",
      "Your rights",
      "Information Officer",
    ]);
    expectAll(page.text, [specContact.email, specContact.phone, specContact.locality]);
  });

  it("states the payment, billing, notice and liability terms, dated today", async () => {
    const page = await render("/terms");
    expect(page.text).toContain(`Last updated: ${formatLongDate(new Date())}`);
    expectAll(page.text, [
      "Payment is due in 30 days",
      "billed monthly in advance",
      "30 days' notice of termination",
      "capped at 12 months of fees",
    ]);
    expectAll(page.text, [specContact.email, specContact.phone, specContact.locality]);
  });
});

describe("in the browser", () => {
  const playLink = (page: Page) => page.getByRole("link", { name: /^Play video/ });

  it("shows the hero illustration with no play button or caption while no intro video is set", async () => {
    for (const javaScriptEnabled of [true, false]) {
      const { page } = await browser.openPage({ viewport: { width: 1280, height: 800 }, javaScriptEnabled });
      await page.goto(`${server.url}/`);
      if (javaScriptEnabled) await hydrated(page);
      const hero = page.locator("main figure").first();
      expect(await hero.locator("svg").first().isVisible()).toBe(true);
      expect(await playLink(page).count()).toBe(0);
      expect(await hero.getByText(homeHero.videoCaption).isVisible()).toBe(false);
      expect(await page.locator('a[href*="youtube"]:visible').count()).toBe(0);
    }
  });

  it("takes the free-audit call to action back to the form, with and without JavaScript", async () => {
    for (const javaScriptEnabled of [true, false]) {
      const { page } = await browser.openPage({ viewport: { width: 375, height: 740 }, javaScriptEnabled });
      await page.goto(`${server.url}/free-audit`);
      const cta = page.getByRole("link", { name: "Request My Free Audit" });
      await cta.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
      await cta.click();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(100);
      expect(await page.locator("#audit-form").isVisible()).toBe(true);
    }
  });

  it("follows a contact card wherever it is clicked", async () => {
    const { page } = await browser.openPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/contact`);
    await page.getByText("15-minute ROI consultation").click();
    await page.waitForURL(`${server.url}/calendar`);
  });

  it("opens an FAQ answer with the keyboard", async () => {
    const { page } = await browser.openPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/contact`);
    const answer = page.getByText(contactFaq[1]!.answer);
    expect(await answer.isVisible()).toBe(false);
    await page.locator("summary", { hasText: contactFaq[1]!.question }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => answer.isVisible()).toBe(true);
  });
});

describe("with INTRO_VIDEO_ID set", () => {
  const videoId = "abcDEF12345";
  // One server with the video for both tests (started once, not once per test).
  const withVideo = useServer(() => startServer({ INTRO_VIDEO_ID: videoId }));
  const playLink = (page: Page) => page.getByRole("link", { name: /^Play video/ });

  it("loads the intro video only after play is pressed, from youtube-nocookie", async () => {
    const { page } = await browser.openPage({ viewport: { width: 1280, height: 800 } });
    const videoRequests: string[] = [];
    await page.route(/youtube/, (route) => {
      videoRequests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>player</title>" });
    });
    const res = await page.goto(`${withVideo.url}/`);
    expect(res!.headers()["content-security-policy"]).toMatch(/frame-src[^;]*https:\/\/www\.youtube-nocookie\.com/);
    await hydrated(page);
    expect(await page.locator("iframe").count()).toBe(0);
    expect(videoRequests).toEqual([]);
    expect(await page.getByText(homeHero.videoCaption).isVisible()).toBe(true);
    // Without JavaScript the same button opens the video on YouTube.
    expect(await playLink(page).getAttribute("href")).toBe(introVideoWatchUrl(videoId));
    await playLink(page).click();
    const iframe = page.locator("iframe");
    await expect.poll(() => iframe.count()).toBe(1);
    expect(await iframe.getAttribute("src")).toBe(introVideoEmbedUrl(videoId));
    expect(await iframe.getAttribute("src")).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\//);
    expect(await iframe.getAttribute("title")).toBeTruthy();
    expect(page.url()).toBe(`${withVideo.url}/`);
  });

  it("follows a held link (the intro video's play) after all when the app's scripts never arrive", async () => {
    const { page } = await browser.openPage({ viewport: { width: 1280, height: 800 } }, { allowConsoleErrors: [/ERR_FAILED/] });
    await page.route(APP_SCRIPTS, (route) => route.abort());
    await page.route(/youtube/, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>video</title>" }));
    await page.goto(`${withVideo.url}/`);
    await playLink(page).click();
    // Heard at once: the link shows it is busy while it waits for React.
    expect(await playLink(page).getAttribute("aria-busy")).toBe("true");
    // Held for React, which never comes: the link's own page opens instead (HELD_LINK_TIMEOUT_MS).
    await page.waitForURL(introVideoWatchUrl(videoId), { timeout: 15_000 });
  });
});
