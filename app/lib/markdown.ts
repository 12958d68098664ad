import { Marked, type Tokens } from "marked";
import { escapeHtml } from "#app/lib/escape-html.ts";

/**
 * Markdown the agency writes in the inbox, as HTML for the editor's preview,
 * and later the article page and its mail (docs/decisions/0036). Whoever
 * writes it, it carries no script: raw HTML is shown as text, links go only
 * to http(s), mailto or a path on this site, and images come only from this
 * site: the site's CSP would block another's on the page, and in the
 * newsletter's mail its host would see every subscriber open it. Pure
 * JavaScript, so the editor's live preview runs the same code in the browser.
 */

/** A path on this site: one slash, not two, and not a backslash a browser would read as one. */
const SITE_PATH = /^\/(?![/\\])/;
const LINK = /^(https?:\/\/|mailto:|#)/i;

/** Whether `href` is a path on this site: the only place an image may come from. */
export const isSitePath = (href: string) => SITE_PATH.test(href);
const safeLinkTarget = (href: string) => isSitePath(href) || LINK.test(href);

const markdown = new Marked({ gfm: true, async: false });
markdown.use({
  renderer: {
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    // A refused link keeps its words; false hands an allowed one to marked's own renderer.
    link(token: Tokens.Link) {
      return safeLinkTarget(token.href) ? false : this.parser.parseInline(token.tokens);
    },
    image: (token: Tokens.Image) => (isSitePath(token.href) ? false : escapeHtml(token.text)),
  },
});

export function renderMarkdown(source: string): string {
  return markdown.parse(source, { async: false });
}

/** The first image of `source` that is not on this site (the editor refuses it), or null. */
export function remoteImageIn(source: string): string | null {
  let remote: string | null = null;
  markdown.walkTokens(markdown.lexer(source), (token) => {
    if (token.type === "image" && !isSitePath((token as Tokens.Image).href)) remote ??= (token as Tokens.Image).href;
  });
  return remote;
}
