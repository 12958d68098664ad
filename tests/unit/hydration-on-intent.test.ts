import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { INERT_MODULE_TYPE, INERT_PRELOAD_REL } from "#app/before-react/hydration-on-intent.ts";
import { inertHydrationScripts } from "#app/before-react/hydration-on-intent.server.ts";

// What React renders for <Scripts>, around text with multi-byte characters (R1,500–3,200 · São Paulo).
const rendered =
  '<head><link rel="modulepreload" href="/assets/a.js" nonce="n"/><link rel="modulepreload" href="/assets/b.js" nonce="n"/></head>' +
  '<body><p>R1,500–3,200 · São Paulo</p><script nonce="n" type="module" async="">import "/assets/a.js";</script></body>';
const inert =
  `<head><link rel="${INERT_PRELOAD_REL}" href="/assets/a.js" nonce="n"/><link rel="${INERT_PRELOAD_REL}" href="/assets/b.js" nonce="n"/></head>` +
  `<body><p>R1,500–3,200 · São Paulo</p><script nonce="n" type="${INERT_MODULE_TYPE}">import "/assets/a.js";</script></body>`;

async function through(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(inertHydrationScripts()));
}

describe("hydration scripts written inert for the server's HTML", () => {
  it("rewrites the preloads and the module script, whole", async () => {
    expect(await through([Buffer.from(rendered)])).toBe(inert);
  });

  it("rewrites them wherever the stream splits its chunks, even inside a character", async () => {
    const bytes = Buffer.from(rendered);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)]), `split at byte ${cut}`).toBe(inert);
    }
    const bytewise = [...bytes].map((byte) => Buffer.from([byte]));
    expect(await through(bytewise)).toBe(inert);
  });

  it("leaves other module scripts and text that merely mentions them alone", async () => {
    const other = '<script type="module" src="/@vite/client"></script><p>&lt;link rel=&quot;modulepreload&quot;</p>';
    expect(await through([Buffer.from(other)])).toBe(other);
  });
});
