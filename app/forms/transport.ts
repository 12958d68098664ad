import type { ClientActionFunctionArgs, ShouldRevalidateFunctionArgs } from "react-router";
import type { FormDefinition } from "#app/forms/definition.ts";
import type { LeadResult } from "#app/forms/lead-result.ts";

/** nginx gives up after 60 s, far longer than anyone waits on a spinner. */
export const POST_TIMEOUT_MS = 30_000;

export const TRANSPORT_FAILURE = "transport";

class PostTimeout extends Error {}

/** A post lost in transit comes back as the form's own failure, not React Router's error screen. */
export function failSoftly<T>(failure: () => T) {
  return async ({ serverAction }: ClientActionFunctionArgs) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new PostTimeout()), POST_TIMEOUT_MS);
    });
    try {
      return await Promise.race([serverAction(), timeout]);
    } catch (error) {
      if (error instanceof Response) throw error;
      console.warn("A form post failed in transit:", error instanceof Error ? error.message : error);
      return failure();
    } finally {
      clearTimeout(timer);
    }
  };
}

export function leadClientAction(form: FormDefinition) {
  return failSoftly<LeadResult>(() => ({ ok: false, form: form.key, ...form.messages.failure, reason: TRANSPORT_FAILURE }));
}

function isTransportFailure(result: unknown): boolean {
  return typeof result === "object" && result !== null && (result as { reason?: unknown }).reason === TRANSPORT_FAILURE;
}

/** The network that just failed would fail that too, and replace the form with the error screen. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return isTransportFailure(actionResult) ? false : defaultShouldRevalidate;
}
