import { Icon } from "#app/components/ui/icon.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { cn } from "#app/lib/cn.ts";
import { firstPress } from "#app/before-react/hydration-on-intent.ts";

/**
 * Shares the article with the device's share sheet, or copies its link where
 * there is none. Sharing needs JavaScript: without it the button keeps its
 * place (no layout shift) but is invisible and out of the tab order. With it,
 * a press before hydration is held until React answers it (hydration-on-intent.ts).
 */
export function ShareButton({ title, text }: { title: string; text: string }) {
  async function share(button: HTMLButtonElement) {
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
    // Just after hydration sonner may still be on its way: the button shows at once that it heard, as before React (app.css).
    button.setAttribute("aria-busy", "true");
    const { toast } = await import("sonner").finally(() => button.removeAttribute("aria-busy"));
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Link copied");
    } catch {
      toast.error("Could not copy the link", { description: url });
    }
  }

  return (
    <button
      type="button"
      // The share sheet or the clipboard need a script: a press before hydration is held for React.
      {...firstPress("held")}
      onClick={(event) => void share(event.currentTarget)}
      className={cn(buttonClass({ variant: "secondary", size: "sm" }), "[@media(scripting:none)]:invisible")}
    >
      <Icon name="share-2" className="size-4" />
      Share
    </button>
  );
}
