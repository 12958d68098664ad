/**
 * Runs `work` once the page has loaded and the browser is idle (at the latest
 * 2 s after the load event): for the inline scripts' reads of the browser's
 * storage, which wait on its own process (docs/decisions/0024).
 */
export function whenIdleAfterLoad(work: () => void): void {
  // Safari has no requestIdleCallback.
  const schedule = () => ("requestIdleCallback" in window ? requestIdleCallback(() => work(), { timeout: 2000 }) : setTimeout(work));
  if (document.readyState === "complete") schedule();
  else addEventListener("load", schedule, { once: true });
}
