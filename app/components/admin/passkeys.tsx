import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { type FormEvent, useEffect, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { inputClass, labelClass, Notice } from "#app/components/admin/ui.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { cn } from "#app/lib/cn.ts";
import { firstPress } from "#app/before-react/hydration-on-intent.ts";
import { CSRF_FIELD } from "#app/lib/inbox.ts";

/**
 * The browser's side of passkeys (docs/decisions/0045): adding one on the
 * Account page and signing in with one at the code step. Both need
 * JavaScript (the browser's WebAuthn API) and React: their controls are in
 * the page from the start, a press before React is held and pressed again
 * once it is there (app/before-react/README.md), and a browser without JavaScript
 * sees, in their place, that a passkey needs it (CSS's `scripting` media
 * feature); every other form of those pages works without it.
 * SimpleWebAuthn's browser half loads at the first press.
 */

/** Whether this browser can make and use passkeys: taken as yes until React, which can tell, runs. */
function usePasskeySupport(): boolean {
  const [supported, setSupported] = useState(true);
  useEffect(() => setSupported(typeof window.PublicKeyCredential === "function"), []);
  return supported;
}

/** Shown only to a browser without JavaScript. */
const withoutScript = "hidden [@media(scripting:none)]:block";
/** Hidden from a browser without JavaScript. */
const withScript = "[@media(scripting:none)]:hidden";

/** What the passkey routes answer (JSON): options to sign, where to go next, the name of the passkey added, or why not. */
interface PasskeyAnswer<Options> {
  options?: Options;
  next?: string;
  added?: string;
  error?: string;
}

async function post<Options = never>(url: string, fields: Record<string, string>): Promise<PasskeyAnswer<Options>> {
  const res = await fetch(url, { method: "POST", body: new URLSearchParams(fields), headers: { Accept: "application/json" } });
  if ((res.headers.get("content-type") ?? "").includes("application/json")) return (await res.json()) as PasskeyAnswer<Options>;
  // A refusal before the route (another site's post, an expired form) is plain text.
  return { error: (await res.text()) || "Something went wrong. Reload the page and try again." };
}

/** The browser's prompt was closed, timed out, or refused: nothing was sent. */
const PROMPT_ENDED = "The passkey prompt was closed or timed out, or this device has no passkey for the inbox.";

/** The code step's "Use a passkey", for a user who has one. */
export function PasskeySignIn({ token, next }: { token: string; next: string }) {
  const supported = usePasskeySupport();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signIn() {
    setBusy(true);
    setError(null);
    try {
      const fields = { token, next };
      const asked = await post<PublicKeyCredentialRequestOptionsJSON>("/admin/login/passkey", { ...fields, intent: "options" });
      if (!asked.options) return asked.next ? await navigate(asked.next) : setError(asked.error ?? PROMPT_ENDED);
      const { startAuthentication } = await import("@simplewebauthn/browser");
      let response;
      try {
        response = await startAuthentication({ optionsJSON: asked.options });
      } catch {
        return setError(`${PROMPT_ENDED} Try again, or enter a code.`);
      }
      const checked = await post("/admin/login/passkey", { ...fields, intent: "verify", response: JSON.stringify(response) });
      if (checked.next) return await navigate(checked.next);
      setError(checked.error ?? PROMPT_ENDED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-5">
      <p className="text-sm text-slate-700">You have a passkey for the inbox: use it in place of a code.</p>
      {supported ? (
        <button
          type="button"
          onClick={signIn}
          disabled={busy}
          {...firstPress("held")}
          className={buttonClass({ className: cn("w-full", withScript) })}
        >
          {busy ? "Waiting for your passkey…" : "Use a passkey"}
        </button>
      ) : (
        <p className="text-sm text-slate-700">This browser cannot use passkeys: enter a code below.</p>
      )}
      <p className={cn("text-sm text-slate-700", withoutScript)}>
        A passkey needs JavaScript, which is off in this browser: enter a code below.
      </p>
      {error && <Notice tone="error">{error}</Notice>}
    </div>
  );
}

/** The Account page's "Add a passkey": a name for it (at most `nameMaxLength` characters), then the browser's prompt. */
export function PasskeyAdd({ csrf, nameMaxLength }: { csrf: string; nameMaxLength: number }) {
  const supported = usePasskeySupport();
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ tone: "done" | "error"; text: string } | null>(null);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = new FormData(form).get("name")?.toString() ?? "";
    setBusy(true);
    setAnswer(null);
    try {
      const fields = { [CSRF_FIELD]: csrf, name };
      const asked = await post<PublicKeyCredentialCreationOptionsJSON>("/admin/account/passkey", { ...fields, intent: "options" });
      if (!asked.options) return setAnswer({ tone: "error", text: asked.error ?? PROMPT_ENDED });
      const { startRegistration } = await import("@simplewebauthn/browser");
      let response;
      try {
        response = await startRegistration({ optionsJSON: asked.options });
      } catch (error) {
        const known = error instanceof Error && error.name === "InvalidStateError";
        return setAnswer({ tone: "error", text: known ? "This passkey is already added." : `${PROMPT_ENDED} Try again.` });
      }
      const added = await post("/admin/account/passkey", { ...fields, intent: "add", response: JSON.stringify(response) });
      if (!added.added) return setAnswer({ tone: "error", text: added.error ?? PROMPT_ENDED });
      form.reset();
      setAnswer({ tone: "done", text: `Passkey added: ${added.added}. Use it at your next sign-in, in place of a code.` });
      await revalidate();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      {answer && <Notice tone={answer.tone}>{answer.text}</Notice>}
      {supported ? (
        <form onSubmit={add} className={cn("flex flex-wrap items-end gap-2", withScript)}>
          <div className="min-w-48 grow">
            <label htmlFor="passkey-name" className={labelClass}>
              Name of the passkey
            </label>
            <input
              id="passkey-name"
              name="name"
              type="text"
              maxLength={nameMaxLength}
              placeholder="Work laptop"
              autoComplete="off"
              className={`${inputClass} mt-1`}
            />
          </div>
          <button type="submit" disabled={busy} {...firstPress("held")} className={buttonClass({ size: "sm" })}>
            {busy ? "Waiting for your passkey…" : "Add a passkey"}
          </button>
        </form>
      ) : (
        <p className="text-sm text-slate-700">This browser cannot make passkeys.</p>
      )}
      <p className={cn("text-sm text-slate-700", withoutScript)}>Adding a passkey needs JavaScript, which is off in this browser.</p>
    </div>
  );
}
