import type { ClientActionFunctionArgs, ShouldRevalidateFunctionArgs } from "react-router";
import type { FormDefinition } from "#app/forms/definition.ts";
import type { LeadResult } from "#app/forms/lead-result.ts";

/**
 * How long an enhanced post may take before the visitor is told it failed and
 * may send again. A lead is stored in milliseconds; nginx gives up on the app
 * after 60 s, far longer than anyone waits on a spinner.
 */
export const POST_TIMEOUT_MS = 30_000;

/** The failure reason of a post that never reached our action, or whose answer never came back. */
export const TRANSPORT_FAILURE = "transport";

class PostTimeout extends Error {}

/**
 * A page's clientAction: the post goes to the server's action as it would
 * without one, but a post lost in transit (network down, a 502 or 503 from
 * the proxy, the instance restarting, no answer within POST_TIMEOUT_MS, or
 * an answer that is not React Router's) comes back as `failure()`: the form's
 * own failure message, with the visitor still on the form as they typed it.
 * Without this React Router would show its error screen in place of the page.
 */
export function failSoftly<T>(failure: () => T) {
  return async ({ serverAction }: ClientActionFunctionArgs) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new PostTimeout()), POST_TIMEOUT_MS);
    });
    try {
      return await Promise.race([serverAction(), timeout]);
    } catch (error) {
      // A redirect is the action's own answer (a booking goes to its page).
      if (error instanceof Response) throw error;
      console.warn("A form post failed in transit:", error instanceof Error ? error.message : error);
      return failure();
    } finally {
      clearTimeout(timer);
    }
  };
}

/** The clientAction of a page holding this lead form. */
export function leadClientAction(form: FormDefinition) {
  return failSoftly<LeadResult>(() => ({ ok: false, form: form.key, ...form.messages.failure, reason: TRANSPORT_FAILURE }));
}

function isTransportFailure(result: unknown): boolean {
  return typeof result === "object" && result !== null && (result as { reason?: unknown }).reason === TRANSPORT_FAILURE;
}

/**
 * After a post lost in transit the page's data is not fetched again: the
 * network that just failed would fail that too, and replace the form with the
 * error screen.
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return isTransportFailure(actionResult) ? false : defaultShouldRevalidate;
}
