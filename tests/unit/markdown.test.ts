import { describe, expect, it } from "vitest";
import { remoteImageIn, renderMarkdown } from "#app/lib/markdown.ts";

/**
 * The inbox's Markdown (app/lib/markdown.ts) carries no script or raw HTML
 * into a page, whatever the agency pastes; ordinary writing comes out whole.
 */

/** Every element and attribute the HTML holds, as a browser would parse it: tag names and attribute names. */
const tags = (html: string) => [...html.matchAll(/<([a-z][a-z0-9]*)\b([^>]*)>/gi)].map(([, tag, attributes]) => ({ tag, attributes }));

describe("Markdown from the inbox", () => {
  it("renders ordinary writing: headings, lists, emphasis, tables, code, allowed links and the site's images", () => {
    const html = renderMarkdown(
      [
        "## Budgets",
        "",
        "- **One** [our pricing](/pricing) and [Google](https://ads.google.com) or [mail us](mailto:hello@roimedia.co.za)",
        "- [a section](#budgets)",
        "",
        "| a | b |",
        "|---|---|",
        "| 1 | 2 |",
        "",
        "`code <b>`",
        "",
        "![A chart](/blog/images/chart.svg) ![Remote](https://cdn.example.com/x.png)",
      ].join("\n"),
    );
    expect(html).toContain("<h2>Budgets</h2>");
    expect(html).toContain('<a href="/pricing">our pricing</a>');
    expect(html).toContain('<a href="https://ads.google.com">Google</a>');
    expect(html).toContain('<a href="mailto:hello@roimedia.co.za">mail us</a>');
    expect(html).toContain('<a href="#budgets">');
    expect(html).toContain("<table>");
    expect(html).toContain("<code>code &lt;b&gt;</code>");
    expect(html).toContain('<img src="/blog/images/chart.svg" alt="A chart">');
    // Another site's image is its alt text: blocked on the page by the CSP, and a tracker in the newsletter's mail.
    expect(html).not.toContain("cdn.example.com");
    expect(html).toContain("Remote");
  });

  it("names the first image that is not on this site, for the editor to refuse", () => {
    expect(remoteImageIn("![A chart](/blog/images/chart.svg)\n\n[a link](https://example.com)")).toBeNull();
    expect(remoteImageIn("Text ![pixel](https://tracker.example/p.gif) and ![b](http://x.example/b.png)")).toBe(
      "https://tracker.example/p.gif",
    );
    expect(remoteImageIn("- a list with ![ref image][logo]\n\n[logo]: //cdn.example.com/logo.png")).toBe("//cdn.example.com/logo.png");
  });

  it.each([
    ["a script tag", "Hello <script>alert(1)</script> there"],
    ["a script block", "<script>\nalert(1)\n</script>"],
    ["an onerror attribute", '<img src="x" onerror="alert(1)">'],
    ["an inline handler in a paragraph", 'Click <a href="https://example.com" onclick="alert(1)">here</a>'],
    ["a raw HTML block", '<div style="position:fixed">\n<iframe src="https://evil.example"></iframe>\n</div>'],
    ["an svg with script", "<svg><script>alert(1)</script></svg>"],
    ["a comment", "<!-- <script>alert(1)</script> -->"],
  ])("%s comes out as text", (_name, source) => {
    const html = renderMarkdown(source);
    const elements = tags(html).map((t) => t.tag!.toLowerCase());
    for (const forbidden of ["script", "img", "iframe", "div", "svg"]) expect(elements, `${forbidden} in ${html}`).not.toContain(forbidden);
    expect(
      tags(html).every((t) => !/\son\w+=/i.test(t.attributes!)),
      html,
    ).toBe(true);
    // The words are still there, as text.
    expect(html).toContain("&#60;");
  });

  it.each([
    ["a javascript: link", "[click](javascript:alert(1))"],
    ["a javascript: link in capitals with spaces", "[click]( JAVASCRIPT:alert(1) )"],
    ["an entity-encoded javascript: link", "[click](jav&#x61;script:alert(1))"],
    ["a javascript: autolink", "<javascript:alert(1)>"],
    ["a reference to a javascript: link", "[click][x]\n\n[x]: javascript:alert(1)"],
    ["a data: link", "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
    ["a vbscript: link", "[click](vbscript:msgbox)"],
    ["a protocol-relative link", "[click](//evil.example/x)"],
    ["a backslash link browsers read as protocol-relative", "[click](/\\evil.example/x)"],
  ])("%s is no link", (_name, source) => {
    const html = renderMarkdown(source);
    expect(html).not.toMatch(/<a\b/i);
    expect(html.toLowerCase()).not.toMatch(/href=/);
  });

  it.each([
    ["an http image", "![x](http://example.com/track.png)"],
    ["a javascript: image", "![x](javascript:alert(1))"],
    ["a data: image", "![x](data:image/svg+xml;base64,PHN2Zz4=)"],
    ["a protocol-relative image", "![x](//evil.example/x.png)"],
  ])("%s is no image, only its alt text", (_name, source) => {
    const html = renderMarkdown(source);
    expect(html).not.toMatch(/<img\b/i);
    expect(html).toContain("x");
  });
});
