/**
 * Shows a toast. sonner loads with its first toast (its Toaster, after
 * hydration), so it is in no page's first-load JavaScript; both share the one
 * module, and so its queue.
 */
export function showToast(kind: "success" | "error", title: string, options: { description?: string; duration?: number }): void {
  void import("sonner").then(({ toast }) => toast[kind](title, options));
}
