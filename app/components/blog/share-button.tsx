import { Icon } from "#app/components/ui/icon.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { cn } from "#app/lib/cn.ts";
import { firstPress } from "#app/before-react/hydration-on-intent.ts";

/** Without JavaScript the button keeps its place but is invisible and out of the tab order. */
export function ShareButton({ title, text }: { title: string; text: string }) {
  async function share(button: HTMLButtonElement) {
    const url = `${window.location.origin}${window.location.pathname}`;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    // sonner may still be on its way just after hydration: the button shows at once that it heard.
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
      {...firstPress("held")}
      onClick={(event) => void share(event.currentTarget)}
      className={cn(buttonClass({ variant: "secondary", size: "sm" }), "[@media(scripting:none)]:invisible")}
    >
      <Icon name="share-2" className="size-4" />
      Share
    </button>
  );
}
