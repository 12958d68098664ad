import { PNG } from "pngjs";
import Parser from "rss-parser";
import { articleSlugs } from "#app/content/articles.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicRoutes } from "#app/config/public-routes.ts";
import { type RunningServer, startServer } from "#tests/support/server.ts";

// Everything here is read from the server-rendered HTML, as a crawler sees it: no JavaScript runs.
let server: RunningServer;
const pages = new Map<string, string>();
beforeAll(async () => {
  server = await startServer();
  for (const route of publicRoutes) pages.set(route.path, await (await fetch(server.url + route.path)).text());
});
afterAll(async () => {
  await server?.stop();
});

const decode = (text: string) =>
  text.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&lt;", "<").replaceAll("&gt;", ">");
const metaContent = (html: string, key: string) => new RegExp(`<meta[^>]+(?:property|name)="${key}"[^>]+content="([^"]*)"`).exec(html)?.[1];
/** The attributes of every <link> with this rel, whatever their order. */
const linksWithRel = (html: string, rel: string) =>
  [...html.matchAll(/<link\b[^>]*>/g)]
    .map((m) => Object.fromEntries([...m[0].matchAll(/([a-z-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])))
    .filter((attrs) => attrs.rel === rel);
const titleOf = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
const descriptionOf = (html: string) => decode(metaContent(html, "description") ?? "");

describe("tags that pass review", () => {
  const paths = publicRoutes.map((r) => r.path);

  it("gives every page a unique title of at most 60 characters", () => {
    const titles = paths.map((p) => titleOf(pages.get(p)!));
    for (const [i, title] of titles.entries()) {
      expect(title.length, `${paths[i]}: "${title}"`).toBeGreaterThan(10);
      expect(title.length, `${paths[i]}: "${title}"`).toBeLessThanOrEqual(60);
    }
    expect(new Set(titles).size).toBe(titles.length);
  });

  it("gives every page a unique description of 50 to 160 characters", () => {
    const descriptions = paths.map((p) => descriptionOf(pages.get(p)!));
    for (const [i, description] of descriptions.entries()) {
      expect(description.length, `${paths[i]}`).toBeGreaterThanOrEqual(50);
      expect(description.length, `${paths[i]}`).toBeLessThanOrEqual(160);
    }
    expect(new Set(descriptions).size).toBe(descriptions.length);
  });

  it.each(paths)("%s has one h1, en-ZA, canonical, theme colour, manifest and icons", (path) => {
    const html = pages.get(path)!;
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain('<html lang="en-ZA"');
    expect(linksWithRel(html, "canonical").map((l) => l.href)).toEqual([path === "/" ? `${server.url}/` : server.url + path]);
    expect(metaContent(html, "theme-color")).toMatch(/^#[0-9a-f]{6}$/i);
    expect(linksWithRel(html, "manifest")).toMatchObject([{ href: "/manifest.webmanifest" }]);
    expect(linksWithRel(html, "icon")).toMatchObject([{ href: "/favicon.svg", type: "image/svg+xml" }]);
    expect(linksWithRel(html, "apple-touch-icon")).toMatchObject([{ href: "/apple-touch-icon.png", sizes: "180x180" }]);
  });

  it("answers /favicon.ico, which browsers ask for by name where a page names no icon (a PDF, JSON)", async () => {
    const res = await fetch(`${server.url}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/x-icon");
    const icon = Buffer.from(await res.arrayBuffer());
    // An icon file (reserved 0, type 1) of three PNG images: 16, 32 and 48 px.
    expect([icon.readUInt16LE(0), icon.readUInt16LE(2), icon.readUInt16LE(4)]).toEqual([0, 1, 3]);
    expect([0, 1, 2].map((i) => icon.readUInt8(6 + 16 * i))).toEqual([16, 32, 48]);
    expect(icon.subarray(icon.readUInt32LE(6 + 12), icon.readUInt32LE(6 + 12) + 4).toString("latin1")).toBe("\x89PNG");
  });

  it.each(paths)("%s has a large social card with its size and alt text", async (path) => {
    const html = pages.get(path)!;
    const image = metaContent(html, "og:image")!;
    expect(image).toMatch(new RegExp(`^${server.url}/og/[a-z0-9-]+\\.[a-z0-9]+\\.png$`));
    expect(metaContent(html, "twitter:image")).toBe(image);
    expect(metaContent(html, "twitter:card")).toBe("summary_large_image");
    expect(metaContent(html, "og:image:width")).toBe("1200");
    expect(metaContent(html, "og:image:height")).toBe("630");
    expect(metaContent(html, "og:image:alt")?.length).toBeGreaterThan(5);
    const res = await fetch(image);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it.each(["/", "/services/google-ads", "/pricing"])("draws %s's card as a real 1200x630 picture", async (path) => {
    const image = metaContent(pages.get(path)!, "og:image")!;
    const png = PNG.sync.read(Buffer.from(await (await fetch(image)).arrayBuffer()));
    expect([png.width, png.height]).toEqual([1200, 630]);
    const colours = new Set<number>();
    for (let i = 0; i < png.data.length; i += 4 * 97) colours.add(png.data.readUInt32BE(i));
    expect(colours.size).toBeGreaterThan(50);
  });

  it("serves the manifest and icons it names", async () => {
    const manifest = await (await fetch(`${server.url}/manifest.webmanifest`)).json();
    for (const icon of manifest.icons as Array<{ src: string; sizes: string; type: string }>) {
      const res = await fetch(server.url + icon.src);
      expect(res.status, icon.src).toBe(200);
      expect(res.headers.get("content-type")).toBe(icon.type);
      if (icon.type === "image/png") {
        const png = PNG.sync.read(Buffer.from(await res.arrayBuffer()));
        expect(`${png.width}x${png.height}`).toBe(icon.sizes);
      }
    }
    const touch = PNG.sync.read(Buffer.from(await (await fetch(`${server.url}/apple-touch-icon.png`)).arrayBuffer()));
    expect([touch.width, touch.height]).toEqual([180, 180]);
  });
});

describe("feeds and maps", () => {
  it("publishes the six articles as an RSS 2.0 feed that a feed reader parses", async () => {
    const res = await fetch(`${server.url}/blog/rss.xml`);
    expect(res.headers.get("content-type")).toContain("application/rss+xml");
    const xml = await res.text();
    expect(xml).toContain('<rss version="2.0"');
    const feed = await new Parser().parseString(xml);
    expect(feed.link).toBe(`${server.url}/blog`);
    expect(feed.items).toHaveLength(articleSlugs.length);
    expect(feed.items.map((item) => item.link).sort()).toEqual(articleSlugs.map((slug) => `${server.url}/blog/${slug}`).sort());
    for (const item of feed.items) {
      expect(item.title?.length).toBeGreaterThan(10);
      expect(item.contentSnippet?.length ?? item.content?.length).toBeGreaterThan(40);
      expect(Number.isNaN(Date.parse(item.pubDate!))).toBe(false);
    }
  });

  it.each(["/blog", `/blog/${articleSlugs[0]}`])("announces the feed on %s", (path) => {
    expect(linksWithRel(pages.get(path)!, "alternate")).toMatchObject([{ type: "application/rss+xml", href: "/blog/rss.xml" }]);
  });

  it.each(["/blog/rss.xml", "/sitemap.xml"])("asks again for %s on every use, unchanged answered 304", async (path) => {
    const first = await fetch(`${server.url}${path}`);
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"/);
    const again = await fetch(`${server.url}${path}`, { headers: { "If-None-Match": etag } });
    expect([again.status, again.headers.get("etag")]).toEqual([304, etag]);
  });

  it("dates the articles in the sitemap from their content", async () => {
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    for (const slug of articleSlugs) {
      expect(xml).toMatch(new RegExp(`<loc>${server.url}/blog/${slug}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`));
    }
  });

  it("keeps private paths out of robots.txt", async () => {
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toMatch(/^Disallow: \/admin$/m);
    expect(robots).toMatch(/^Disallow: \/calendar\/manage$/m);
  });
});

type Thing = Record<string, any>;
const jsonLdOf = (html: string): Thing[] =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
/** Every object in the structured data, however deeply nested. */
function* walk(value: unknown): Generator<Thing> {
  if (Array.isArray(value)) for (const item of value) yield* walk(item);
  else if (value && typeof value === "object") {
    yield value as Thing;
    for (const child of Object.values(value)) yield* walk(child);
  }
}
const typesOf = (thing: Thing) => [thing["@type"]].flat() as string[];

/** The properties search engines need for each type this site uses. */
const required: Record<string, (thing: Thing) => void> = {
  ProfessionalService: (t) => {
    expect(t.name).toBeTruthy();
    expect(t.address?.addressLocality).toBe("Johannesburg");
    expect(t.address?.addressCountry).toBe("ZA");
    expect(t.url).toBeTruthy();
  },
  Service: (t) => {
    expect(t.name).toBeTruthy();
    expect(t.provider).toBeTruthy();
  },
  BlogPosting: (t) => {
    expect(t.headline).toBeTruthy();
    expect(t.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(t.author?.name).toBeTruthy();
    expect(t.image).toBeTruthy();
  },
  BreadcrumbList: (t) => {
    expect(t.itemListElement.length).toBeGreaterThan(1);
    t.itemListElement.forEach((item: Thing, i: number) => {
      expect(item.position).toBe(i + 1);
      expect(item.name).toBeTruthy();
      expect(item.item).toMatch(/^http/);
    });
  },
  FAQPage: (t) => {
    expect(t.mainEntity.length).toBeGreaterThan(0);
    for (const q of t.mainEntity) {
      expect(q["@type"]).toBe("Question");
      expect(q.name).toBeTruthy();
      expect(q.acceptedAnswer?.text).toBeTruthy();
    }
  },
  Offer: (t) => {
    expect(t.priceCurrency ?? t.priceSpecification?.priceCurrency).toBe("ZAR");
  },
};

describe("structured data", () => {
  it.each(publicRoutes.map((r) => r.path))(
    "%s: parses, uses schema.org, holds each type's required properties and at most 10 offers",
    (path) => {
      const blocks = jsonLdOf(pages.get(path)!);
      expect(blocks.length).toBeGreaterThan(0);
      for (const block of blocks) {
        expect(block["@context"]).toBe("https://schema.org");
        for (const thing of walk(block)) {
          for (const type of typesOf(thing)) required[type]?.(thing);
          if (Array.isArray(thing.offers)) expect(thing.offers.length).toBeLessThanOrEqual(10);
        }
      }
    },
  );

  const typesOn = (path: string) => new Set(jsonLdOf(pages.get(path)!).flatMap((b) => [...walk(b)].flatMap(typesOf)));

  it("describes services, articles, the FAQ and the free audit with their own types", () => {
    expect(typesOn("/services/google-ads")).toEqual(expect.objectContaining({}));
    for (const path of publicRoutes.map((r) => r.path).filter((p) => p.startsWith("/services/"))) {
      expect(typesOn(path).has("Service"), path).toBe(true);
      expect(typesOn(path).has("BreadcrumbList"), path).toBe(true);
    }
    for (const slug of articleSlugs) {
      expect(typesOn(`/blog/${slug}`).has("BlogPosting")).toBe(true);
      expect(typesOn(`/blog/${slug}`).has("BreadcrumbList")).toBe(true);
    }
    expect(typesOn("/contact").has("FAQPage")).toBe(true);
    const freeOffer = jsonLdOf(pages.get("/free-audit")!)
      .flatMap((b) => [...walk(b)])
      .find((t) => typesOf(t).includes("Offer"));
    expect(freeOffer).toMatchObject({ price: expect.anything(), priceCurrency: "ZAR" });
    expect(Number(freeOffer!.price)).toBe(0);
  });
});
