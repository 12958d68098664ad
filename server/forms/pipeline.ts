import { data } from "react-router";
import { botFields, widgetTokenFields } from "#app/forms/bot-fields.ts";
import type { FormDefinition, LeadFormDefinition } from "#app/forms/definition.ts";
import type { LeadFailureReason, LeadResult } from "#app/forms/lead-result.ts";
import { checkTheFields, rateLimitMessage, rateLimitTitle } from "#app/forms/messages.ts";
import { failedStep } from "#app/forms/steps.ts";
import { ATTRIBUTION_FIELD, parseAttribution } from "#app/lib/attribution.ts";
import type { z } from "#app/lib/zod.ts";
import type { ClientAddress } from "#server/http/client-address.ts";
import type { LeadOrigin } from "#server/forms/lead.ts";
import { log } from "#server/log.ts";
import type { CoreServices } from "#server/core-services.ts";
import { checkBot, firstValue, noscriptLimitKey } from "#server/forms/bot-check.ts";
import { type FormFields, readForm } from "#server/http/request.ts";
import { noStoreHeaders, refusalHeaders } from "#app/lib/cache-control.ts";

const USER_AGENT_MAX = 500;
const hiddenFields: ReadonlySet<string> = new Set([...Object.values(botFields), ...widgetTokenFields, ATTRIBUTION_FIELD]);

export type FormAnswer = ReturnType<typeof data<LeadResult>>;

export interface Failure {
  status: number;
  reason: LeadFailureReason;
  title?: string;
  message?: string;
  fieldErrors?: Record<string, string[]>;
  retryAfterMinutes?: number;
  values?: Record<string, string | string[]>;
}

export interface Accepted<Input> {
  input: Input;
  values: Record<string, string | string[]>;
  origin: LeadOrigin;
  /** Only what a bot would repeat counts (a slot just taken does not). */
  release(): Promise<void>;
  fail(failure: Failure): FormAnswer;
}

function visibleValues(fields: FormFields): Record<string, string | string[]> {
  return Object.fromEntries(Object.entries(fields).filter(([name]) => !hiddenFields.has(name)));
}

function fieldErrorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "form");
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/** size → parse → validate → honeypot → rate limit → bot check → the form's own step; a refusal stores nothing (SPEC.md section 8). */
export async function runForm<S extends z.ZodMiniType, Answer>(
  services: CoreServices,
  form: FormDefinition<FormDefinition["key"], S>,
  request: Request,
  client: ClientAddress,
  step: (accepted: Accepted<z.output<S>>) => Promise<Answer>,
): Promise<Answer | FormAnswer> {
  const { rateLimits } = services;
  const subject = client.rateLimitSubject;
  const { messages, rateLimit } = form;

  const refuse = (failure: Failure, typed?: Record<string, string | string[]>): FormAnswer => {
    const values = failure.values ?? typed;
    return data<LeadResult>(
      {
        ok: false,
        form: form.key,
        title: failure.title ?? messages.failure.title,
        message: failure.message ?? messages.failure.message,
        reason: failure.reason,
        ...(failure.fieldErrors ? { fieldErrors: failure.fieldErrors } : {}),
        ...(failure.retryAfterMinutes ? { retryAfterMinutes: failure.retryAfterMinutes } : {}),
        ...(values ? { values } : {}),
      },
      {
        status: failure.status,
        headers: refusalHeaders(failure.retryAfterMinutes && failure.retryAfterMinutes * 60),
      },
    );
  };

  const read = await readForm(request, new Set(form.listFields));
  if (!read.ok) return refuse({ status: read.status, reason: read.status === 413 ? "too-large" : "unsupported" });
  const { fields } = read;
  const values = visibleValues(fields);
  const fail = (failure: Failure): FormAnswer => refuse(failure, values);

  const parsed = form.schema.safeParse(fields);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error.issues);
    // A form in steps says what its earliest failing step's Next says (SPEC.md section 5).
    const failed = form.steps && failedStep(form.steps, fieldErrors);
    return fail({ status: 400, reason: "validation", title: failed?.title, message: failed?.message ?? checkTheFields, fieldErrors });
  }

  if (firstValue(fields[botFields.honeypot]) !== "") return fail({ status: 400, reason: "honeypot" });

  // Counted after validation (a typo does not burn an attempt) and before the bot check, so parallel posts cannot slip past.
  const rateLimited = (retryAfterMs: number): FormAnswer => {
    const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
    const words = messages.rateLimited ?? { title: rateLimitTitle, message: rateLimitMessage(minutes) };
    return fail({ status: 429, reason: "rate-limit", ...words, retryAfterMinutes: minutes });
  };
  let bot: Awaited<ReturnType<typeof checkBot>>;
  try {
    const hit = await rateLimits.hit(rateLimit.key, subject, rateLimit);
    if (!hit.allowed) return rateLimited(hit.retryAfterMs);
    bot = await checkBot(services, fields, client, rateLimit.key);
    if (!bot.ok && rateLimit.refundsRefusedBotChecks) await rateLimits.refund(rateLimit.key, subject);
  } catch (error) {
    log.error(`Could not check a ${form.key} lead, the database failed:`, error);
    return fail({ status: 503, reason: "storage" });
  }
  if (!bot.ok) {
    if (bot.reason === "rate-limit") return rateLimited(bot.retryAfterMs);
    return fail({ status: bot.status, reason: bot.reason, message: bot.reason === "captcha" ? messages.botCheckFailed : bot.message });
  }
  const { botCheck } = bot;
  const receivedAt = new Date();

  return step({
    input: parsed.data,
    values,
    origin: {
      botCheck,
      clientAddress: client.address,
      userAgent: request.headers.get("user-agent")?.slice(0, USER_AGENT_MAX) ?? null,
      receivedAt,
      // What does not pass its checks is dropped, never the lead.
      attribution: parseAttribution(firstValue(fields[ATTRIBUTION_FIELD]), receivedAt),
    },
    async release() {
      await rateLimits.refund(rateLimit.key, subject);
      if (botCheck === "noscript") await rateLimits.refund(noscriptLimitKey(rateLimit.key), subject);
    },
    fail,
  });
}

export function leadSuccess(form: LeadFormDefinition): FormAnswer {
  return data<LeadResult>({ ok: true, form: form.key, ...form.messages.success }, { status: 200, headers: noStoreHeaders });
}
