import { Icon } from "~/components/ui/icon";
import { useSyncExternalStore } from "react";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";

const noSubscription = () => () => {};

/** False in the server's HTML and during hydration, true once the page's JavaScript runs. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Shares the article with the device's share sheet, or copies its link where
 * there is none. Sharing needs JavaScript, so until the page is hydrated the
 * button keeps its place (no layout shift) but is invisible and out of the tab order.
 */
export function ShareButton({ title, text }: { title: string; text: string }) {
  const hydrated = useHydrated();

  async function share() {
    const url = `${window.location.origin}${window.location.pathname}`;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        // The visitor closed the share sheet: nothing to do. Any other failure falls back to copying.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    const { toast } = await import("sonner");
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Link copied");
    } catch {
      toast.error("Could not copy the link", { description: url });
    }
  }

  return (
    <button type="button" onClick={share} className={cn(buttonClass({ variant: "secondary", size: "sm" }), !hydrated && "invisible")}>
      <Icon name="share-2" className="size-4" />
      Share
    </button>
  );
}
