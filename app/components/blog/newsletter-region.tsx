/** Stands in for the newsletter signup form until it lands; the card around it belongs to the blog page. */
export function NewsletterRegion() {
  return (
    <p className="rounded-lg bg-white px-4 py-3 text-slate-700 ring-1 ring-brand-100">
      Newsletter signup is coming soon. Until then, new articles appear on this page first.
    </p>
  );
}
