/** Where the blog's RSS feed lives, announced on the blog pages. */
export const BLOG_FEED_PATH = "/blog/rss.xml";

export const blogFeedLink = {
  rel: "alternate",
  type: "application/rss+xml",
  title: "Blog RSS feed",
  href: BLOG_FEED_PATH,
} as const;

/** What XML 1.0 cannot hold, even escaped: most control characters, lone surrogates, U+FFFE and U+FFFF (its Char production). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Escapes text for XML element content and attribute values, leaving out the characters XML cannot hold. */
export function xmlEscape(text: string): string {
  return text
    .replace(NOT_XML, "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}

/** RSS wants RFC 822 dates; articles carry ISO days, published at 08:00 SAST. */
export function rfc822(isoDay: string): string {
  return new Date(`${isoDay}T08:00:00+02:00`).toUTCString();
}
