import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { ATTRIBUTION_FIELD } from "#app/lib/attribution.ts";
import { attributionForPost } from "#app/lib/attribution-client.ts";
import { showToast } from "#app/lib/toast.ts";
import { z } from "#app/lib/zod.ts";
import { botFields, enhancedMarker } from "#app/forms/bot-fields.ts";
import type { CaptchaHandle } from "#app/forms/captcha-config.ts";
import type { FormDefinition } from "#app/forms/definition.ts";
import { type FieldErrors, type FormValues, firstErrors, formValues } from "#app/forms/form-values.ts";
import type { LeadResult } from "#app/forms/lead-result.ts";
import { captchaNotInitialized } from "#app/forms/messages.ts";
import { isStepAnswer } from "#app/forms/steps.ts";
import { useHydrated } from "#app/forms/use-hydrated.ts";

interface LeadFormOptions {
  definition: FormDefinition;
  action?: string;
  successToastMs?: number;
  onSuccess?: (result: LeadResult) => void;
  onFailure?: (result: LeadResult) => void;
  formatError?: (message: string) => string;
}

function isLeadResult(value: unknown): value is LeadResult {
  return typeof value === "object" && value !== null && "ok" in value && "form" in value && "title" in value;
}

/** Without JavaScript a plain post; with it, checked by the schema, a fetcher post and a toast (decision 0007). */
export function useLeadForm({ definition, action, successToastMs, onSuccess, onFailure, formatError = (m) => m }: LeadFormOptions) {
  const { key: form, schema } = definition;
  const baseId = useId();
  const hydrated = useHydrated();
  const fetcher = useFetcher<LeadResult>({ key: `lead-${form}-${baseId}` });
  const actionData = useActionData();
  // A page posted without JavaScript answers in place of the form, for this form only.
  const result = isLeadResult(actionData) && actionData.form === form ? actionData : undefined;
  const stepAnswer = isStepAnswer(actionData) && actionData.form === form ? actionData : undefined;
  const refused = result && !result.ok ? result : undefined;
  const noJsFieldErrors = refused?.fieldErrors ?? stepAnswer?.fieldErrors;
  const status: LeadResult | undefined =
    result ??
    (stepAnswer?.title
      ? { ok: false, form, title: stepAnswer.title, message: stepAnswer.message ?? "", fieldErrors: stepAnswer.fieldErrors }
      : undefined);

  const formRef = useRef<HTMLFormElement>(null);
  const captchaRef = useRef<CaptchaHandle>(null);
  const submitter = useRef<HTMLButtonElement | null>(null);
  const dirty = useRef(new Set<string>());
  const shown = (fieldErrors: FieldErrors): FieldErrors =>
    Object.fromEntries(Object.entries(fieldErrors).map(([name, message]) => [name, formatError(message)]));
  const [errors, setErrors] = useState<FieldErrors>(() => shown(firstErrors(noJsFieldErrors)));
  const [preparing, setPreparing] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const posting = useRef(false);
  const busy = preparing || fetcher.state !== "idle";
  const callbacks = useRef({ onSuccess, onFailure });
  callbacks.current = { onSuccess, onFailure };

  const values: FormValues | undefined = refused?.values ?? stepAnswer?.values;
  const autoFocusName = Object.keys(noJsFieldErrors ?? {})[0];

  function showErrors(failed: FieldErrors) {
    const next = shown(failed);
    setErrors(next);
    const element = formRef.current
      ? Array.from(formRef.current.elements).find(
          // The first field to fix that is shown (a wizard's other steps and a picker's other days are not).
          (el): el is HTMLElement =>
            el instanceof HTMLElement && "name" in el && (el.name as string) in next && el.getClientRects().length > 0,
        )
      : undefined;
    element?.focus();
  }

  function check(target: z.ZodMiniType, data: FormValues): FieldErrors | null {
    const parsed = target.safeParse(data);
    if (parsed.success) return null;
    return firstErrors(z.flattenError(parsed.error).fieldErrors as Record<string, string[]>);
  }

  function currentValues(): FormValues {
    return formRef.current ? formValues(new FormData(formRef.current), definition.listFields) : {};
  }

  async function post(extra: Record<string, string> = {}, button?: HTMLButtonElement | null) {
    if (button !== undefined) submitter.current = button;
    const element = formRef.current;
    if (!element || posting.current) return;
    posting.current = true;
    setPreparing(true);
    try {
      const token = captchaRef.current ? await captchaRef.current.token(() => setVerifying(true)) : null;
      setVerifying(false);
      if (token === null) {
        showToast("error", definition.messages.failure.title, { description: captchaNotInitialized });
        return;
      }
      const clicked = submitter.current?.isConnected && submitter.current.form === element ? submitter.current : null;
      const data = new FormData(element, clicked);
      data.set(botFields.captchaToken, token);
      data.set(botFields.enhanced, enhancedMarker);
      const attribution = attributionForPost();
      if (attribution) data.set(ATTRIBUTION_FIELD, attribution);
      for (const [name, value] of Object.entries(extra)) data.set(name, value);
      await fetcher.submit(data, { method: "post", action });
    } finally {
      posting.current = false;
      setPreparing(false);
      setVerifying(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const clicked = (event.nativeEvent as SubmitEvent).submitter;
    submitter.current = clicked instanceof HTMLButtonElement ? clicked : null;
    const failed = check(schema, currentValues());
    if (failed) return showErrors(failed);
    setErrors({});
    void post();
  }

  /** Live feedback: a field is checked when the visitor leaves it after typing, and again as they fix it. */
  function recheck(name: string) {
    const failed = shown(check(schema, currentValues()) ?? {});
    setErrors((previous) => {
      if (previous[name] === failed[name]) return previous;
      const next = { ...previous };
      if (failed[name]) next[name] = failed[name];
      else delete next[name];
      return next;
    });
  }
  const fieldName = (event: FormEvent) => (event.target as HTMLInputElement).name;
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const name = fieldName(event);
    if (!name) return;
    dirty.current.add(name);
    if (errors[name]) recheck(name);
  };
  const onBlur = (event: FormEvent<HTMLFormElement>) => {
    const name = fieldName(event);
    if (name && dirty.current.has(name)) recheck(name);
  };

  const handled = useRef<LeadResult | null>(null);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    captchaRef.current?.reset();
    if (answer.ok) {
      showToast("success", answer.title, { description: answer.message, duration: successToastMs });
      formRef.current?.reset();
      dirty.current.clear();
      setErrors({});
      callbacks.current.onSuccess?.(answer);
    } else {
      showToast("error", answer.title, { description: answer.message });
      if (answer.fieldErrors) showErrors(firstErrors(answer.fieldErrors));
      callbacks.current.onFailure?.(answer);
    }
    if ((!document.activeElement || document.activeElement === document.body) && submitter.current?.isConnected) {
      submitter.current.focus();
    }
    // Once per answer: the answer is what changes; the rest is read as it stands then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  return {
    form,
    baseId,
    hydrated,
    busy,
    verifying,
    errors,
    result,
    stepAnswer,
    status,
    values,
    autoFocusName,
    formRef,
    captchaRef,
    showErrors,
    clearErrors: () => setErrors({}),
    check,
    currentValues,
    post,
    formProps: {
      ref: formRef,
      method: "post" as const,
      action,
      onSubmit,
      onChange,
      onBlur,
      noValidate: hydrated,
    },
  };
}

export type LeadForm = ReturnType<typeof useLeadForm>;
