import { describe, expect, it } from "vitest";
import { specPricing } from "#app/content/pricing.ts";
import { specTestimonials } from "#app/content/testimonials.ts";
import type { Actor } from "#server/audit/audit.ts";
import { type PublishedKind, Publishing } from "#server/publishing/service.ts";
import { LiveSiteContent } from "#server/site-content/live.ts";
import { saveContent } from "#server/site-content/store.ts";
import { useSiteDatabase } from "#tests/support/database.ts";

/**
 * The publishing service (docs/decisions/0057): one poll for every kind, a
 * write through `publish()` live on this instance when it answers, and a stop
 * that ends the poll even when asked during a look (a stop that did not hung CI); and site content that
 * shows later (an add-on's time), shown and prepared at that time by the instance's own timer.
 */

const EDITOR: Actor = { userId: null, name: "Lindiwe (editor)" };

/** A kind that counts its looks and serves what its "records" held at the last one. */
function countedKind(name: string) {
  const records = { value: "first" };
  let looks = 0;
  let served = "";
  const kind: PublishedKind = {
    name,
    async refresh() {
      looks += 1;
      served = records.value;
    },
    async prepare() {},
  };
  return { kind, records, looks: () => looks, served: () => served };
}

describe("the publishing service", () => {
  const site = useSiteDatabase("sqlite");

  it("polls a kind registered after it started", async () => {
    const publishing = new Publishing();
    try {
      await publishing.start(10);
      const late = countedKind("late");
      publishing.register(late.kind);
      await expect.poll(() => late.looks()).toBeGreaterThanOrEqual(2);
    } finally {
      await publishing.stop();
    }
  });

  it("serves a write through publish() before it answers, and leaves a refused one unread", async () => {
    const publishing = new Publishing();
    const pages = countedKind("pages");
    publishing.register(pages.kind);
    // A poll that never comes while the test runs: only publish() can refresh.
    await publishing.start(60_000);
    try {
      expect(pages.served()).toBe("first");
      const written = await publishing.publish("pages", async () => {
        pages.records.value = "second";
        return { ok: true };
      });
      expect(written.ok).toBe(true);
      expect(pages.served()).toBe("second");
      const looks = pages.looks();
      await publishing.publish("pages", async () => ({ ok: false }));
      expect(pages.looks()).toBe(looks);
      await expect(publishing.publish("nothing registered", async () => ({ ok: true }))).rejects.toThrow(/no kind/);
    } finally {
      await publishing.stop();
    }
  });

  it("stops when asked during a look, as a shutdown does, rather than poll on", async () => {
    const publishing = new Publishing();
    const live = new LiveSiteContent(site.db);
    await live.seed();
    publishing.register(live);
    let entered = false;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await publishing.start(10);
    live.prepareWith("pricing", async () => {
      entered = true;
      await held;
    });
    await saveContent(site.db, "pricing", 1, JSON.stringify({ ...specPricing, addOns: specPricing.addOns.slice(1) }), EDITOR);
    await expect.poll(() => entered).toBe(true);
    let stopped = false;
    const stopping = publishing.stop().then(() => (stopped = true));
    release();
    await expect.poll(() => stopped).toBe(true);
    await stopping;
  });

  it("shows an add-on at its time, its pages rendered ahead and put in place then, with no save or poll", async () => {
    const live = new LiveSiteContent(site.db);
    await live.seed();
    const prepared: number[] = [];
    const ahead: Array<{ at: number; content: unknown }> = [];
    let preparedAtItsTime: unknown;
    live.prepareWith("pricing", async (pricing) => {
      prepared.push(pricing.addOns.length);
      preparedAtItsTime = pricing;
    });
    live.prepareAheadWith("pricing", async (pricing) => {
      ahead.push({ at: Date.now(), content: pricing });
    });
    const showsFrom = Date.now() + 3000;
    const addOn = { service: "Festive season boost", description: "", price: "R2,000", serviceSlug: "strategy" as const };
    const scheduled = { ...specPricing, addOns: [...specPricing.addOns, { ...addOn, showsFrom: new Date(showsFrom).toISOString() }] };
    await saveContent(site.db, "pricing", 1, JSON.stringify(scheduled), EDITOR);
    await live.refresh();
    // The editor's view holds it; the pages', until its time, do not.
    expect(live.stored("pricing").addOns).toHaveLength(specPricing.addOns.length + 1);
    expect(live.content("pricing").addOns).toEqual(specPricing.addOns);
    expect(Date.now()).toBeLessThan(showsFrom);
    // Rendered ahead; then another kind saved before its time (a service page shows a case study with the
    // pricing): rendered ahead again, with it.
    await expect.poll(() => ahead.length).toBe(1);
    const reordered = { ...specTestimonials, home: [...specTestimonials.home].reverse() };
    await saveContent(site.db, "testimonials", 1, JSON.stringify(reordered), EDITOR);
    await live.refresh();
    await expect.poll(() => ahead.length).toBe(2);
    expect(Date.now()).toBeLessThan(showsFrom);
    await expect.poll(() => live.content("pricing").addOns.at(-1)?.service).toBe(addOn.service);
    expect(Date.now() - showsFrom).toBeLessThan(5000);
    expect(prepared.at(-1)).toBe(specPricing.addOns.length + 1);
    // Its pages were rendered ahead, for the very content shown at its time: there they only change places.
    expect(ahead).toHaveLength(2);
    expect(ahead[1]!.at).toBeLessThan(showsFrom);
    expect(ahead[1]!.content).toBe(preparedAtItsTime);
    expect(ahead[1]!.content).toBe(live.content("pricing"));
  });
});
