import { Form, Link, useNavigation } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { Icon } from "#app/components/ui/icon.tsx";
import { newsletterPages } from "#app/content/newsletter.ts";

export type LinkPageState =
  { state: "invalid" | "expired" } | { state: "pending" | "confirmed" | "left"; email: string; changed?: boolean };

function Notice({ title, lead, done }: { title: string; lead: string; done?: boolean }) {
  return (
    <div className="flex flex-col items-center text-center">
      <Icon name={done ? "circle-check" : "mail-x"} className={done ? "size-12 text-accent-700" : "size-12 text-slate-500"} />
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
      <p role={done ? "status" : undefined} className="mt-4 max-w-xl text-lg text-slate-600">
        {lead}
      </p>
    </div>
  );
}

/** A button to press, so mail services' link scanners neither confirm nor unsubscribe anybody. */
export function NewsletterLinkPage({ purpose, found }: { purpose: "confirm" | "unsubscribe"; found: LinkPageState }) {
  const busy = useNavigation().state !== "idle";
  const text = newsletterPages[purpose];
  const notice = (() => {
    if (found.state === "invalid" || found.state === "expired") return <Notice {...newsletterPages[found.state]} />;
    if (purpose === "confirm" && found.state === "confirmed") return <Notice title={text.done} lead={text.doneLead(found.email)} done />;
    if (found.state === "left") {
      return purpose === "unsubscribe" ? (
        <Notice title={text.done} lead={text.doneLead(found.email)} done />
      ) : (
        <Notice {...newsletterPages.left} />
      );
    }
    return null;
  })();
  const email = "email" in found ? found.email : "";

  return (
    <div className="mx-auto max-w-3xl px-4 py-20 sm:px-6">
      {notice ?? (
        <Form method="post" className="flex flex-col items-center text-center">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{text.title}</h1>
          <p className="mt-4 max-w-xl text-lg text-slate-600">{text.lead(email)}</p>
          <button type="submit" name="intent" value={purpose} disabled={busy} className={buttonClass({ size: "lg", className: "mt-8" })}>
            {busy ? text.busy : text.button}
          </button>
        </Form>
      )}
      {(notice || purpose === "unsubscribe") && (
        <p className="mt-8 text-center">
          <Link to="/blog" className={buttonClass({ variant: notice ? "primary" : "secondary", size: "md" })}>
            {newsletterPages.back}
          </Link>
        </p>
      )}
    </div>
  );
}
