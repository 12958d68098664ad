import { Marked, type Tokens } from "marked";
import { escapeHtml } from "#app/lib/escape-html.ts";

/**
 * Markdown the agency writes in the inbox, as HTML for the editor's preview,
 * and later the article page and its mail (docs/decisions/0036). Whoever
 * writes it, it carries no script: raw HTML is shown as text, links go only
 * to http(s), mailto or a path on this site, and images come only from this
 * site or https. Pure JavaScript, so the editor's live preview runs the same
 * code in the browser.
 */

/** A path on this site: one slash, not two, and not a backslash a browser would read as one. */
const SITE_PATH = /^\/(?![/\\])/;
const LINK = /^(https?:\/\/|mailto:|#)/i;
const IMAGE = /^https:\/\//i;

export const safeLinkTarget = (href: string) => SITE_PATH.test(href) || LINK.test(href);
export const safeImageSource = (href: string) => SITE_PATH.test(href) || IMAGE.test(href);

const markdown = new Marked({ gfm: true, async: false });
markdown.use({
  renderer: {
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    // A refused link keeps its words; false hands an allowed one to marked's own renderer.
    link(token: Tokens.Link) {
      return safeLinkTarget(token.href) ? false : this.parser.parseInline(token.tokens);
    },
    image: (token: Tokens.Image) => (safeImageSource(token.href) ? false : escapeHtml(token.text)),
  },
});

export function renderMarkdown(source: string): string {
  return markdown.parse(source, { async: false });
}
