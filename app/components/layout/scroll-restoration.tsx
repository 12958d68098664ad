import { UNSAFE_useScrollRestoration as useScrollRestoration } from "react-router";
import scrollRestorationScript from "#app/lib/scroll-restoration-page-script.ts?inline-script";

/**
 * React Router's <ScrollRestoration> (its hook, unchanged: a new path scrolls
 * to the top, back and forward restore the position) with an inline script of
 * our own in place of its one, which costs a new page two waits on the
 * browser's process as it is parsed (scroll-restoration-page-script.ts).
 */
export function ScrollRestoration({ nonce }: { nonce: string | undefined }) {
  useScrollRestoration();
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? scrollRestorationScript : "" }}
    />
  );
}
