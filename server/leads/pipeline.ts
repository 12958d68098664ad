import { data } from "react-router";
import { botFields, widgetTokenFields } from "../../app/forms/bot-fields.ts";
import type { FormKey } from "../../app/forms/form-keys.ts";
import type { LeadFailureReason, LeadResult } from "../../app/forms/lead-result.ts";
import {
  aiAssessmentRateLimited,
  botCheckFailureMessage,
  checkTheFields,
  formMessages,
  rateLimitMessage,
  rateLimitTitle,
} from "../../app/forms/messages.ts";
import { rateLimitKeyOf, rateLimits } from "../../app/forms/rate-limits.ts";
import { formSchemas, listFields } from "../../app/forms/schemas.ts";
import { failedStep, steppedForms } from "../../app/forms/steps.ts";
import { typedEmail } from "../mail/address.ts";
import { renderNotification } from "../mail/render.ts";
import { checkBot, firstValue as first } from "./bot-check.ts";
import { recordFor } from "./records.ts";
import { type FormFields, readForm } from "./request.ts";
import type { CoreServices } from "../services.ts";
import { log } from "../log.ts";

const USER_AGENT_MAX = 500;
const hiddenFields: ReadonlySet<string> = new Set([...Object.values(botFields), ...widgetTokenFields]);

type Answer = ReturnType<typeof data<LeadResult>>;

interface Failure {
  status: number;
  reason: LeadFailureReason;
  title?: string;
  message?: string;
  fieldErrors?: Record<string, string[]>;
  retryAfterMinutes?: number;
}

/** What the visitor typed, minus the hidden bot-check fields. */
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

/**
 * The lead pipeline, the same for every form:
 * size → parse → validate → honeypot → rate limit → bot check →
 * store lead + notification (one transaction) → answer.
 * Every refusal answers SPEC.md section 8's message and stores no lead.
 * Cross-site posts were already refused by the server (start.ts).
 */
export async function handleLead(services: CoreServices, form: FormKey, request: Request, clientAddress: string): Promise<Answer> {
  const { store, worker } = services;
  const texts = formMessages[form];
  let values: Record<string, string | string[]> | undefined;

  const fail = (failure: Failure): Answer =>
    data<LeadResult>(
      {
        ok: false,
        form,
        title: failure.title ?? texts.failure.title,
        message: failure.message ?? texts.failure.message,
        reason: failure.reason,
        ...(failure.fieldErrors ? { fieldErrors: failure.fieldErrors } : {}),
        ...(failure.retryAfterMinutes ? { retryAfterMinutes: failure.retryAfterMinutes } : {}),
        ...(values ? { values } : {}),
      },
      { status: failure.status },
    );

  const read = await readForm(request, listFields);
  if (!read.ok) return fail({ status: read.status, reason: read.status === 413 ? "too-large" : "unsupported" });
  const { fields } = read;
  values = visibleValues(fields);

  const parsed = formSchemas[form].safeParse(fields);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error.issues);
    // A form in steps says what its earliest failing step's Next says (the order wizard's
    // 'Missing Information' and 'Invalid Email', SPEC.md section 5), with JavaScript or without.
    // The other forms point at their fields.
    const stepped = steppedForms[form];
    const step = stepped && failedStep(stepped, fieldErrors);
    return fail({ status: 400, reason: "validation", title: step?.title, message: step?.message ?? checkTheFields, fieldErrors });
  }

  if (first(fields[botFields.honeypot]) !== "") return fail({ status: 400, reason: "honeypot" });

  // Counted only now, after validation: a typo the visitor corrects does not burn an attempt.
  const limitKey = rateLimitKeyOf[form];
  const rateLimited = (retryAfterMs: number): Answer => {
    const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
    return form === "aiAssessment"
      ? fail({ status: 429, reason: "rate-limit", ...aiAssessmentRateLimited, retryAfterMinutes: minutes })
      : fail({ status: 429, reason: "rate-limit", title: rateLimitTitle, message: rateLimitMessage(minutes), retryAfterMinutes: minutes });
  };
  let bot: Awaited<ReturnType<typeof checkBot>>;
  try {
    const hit = await store.hitRateLimit(limitKey, clientAddress, rateLimits[limitKey]);
    if (!hit.allowed) return rateLimited(hit.retryAfterMs);
    bot = await checkBot(services, fields, clientAddress, limitKey);
  } catch (error) {
    // The limit and the bot check use the database: while it is unreachable the visitor reads the form's failure message.
    log.error(`Could not check a ${form} lead, the database failed:`, error);
    return fail({ status: 503, reason: "storage" });
  }
  if (!bot.ok) {
    if (bot.reason === "rate-limit") return rateLimited(bot.retryAfterMs);
    return fail({ status: bot.status, reason: bot.reason, message: bot.reason === "captcha" ? botCheckFailureMessage(form) : bot.message });
  }
  const { botCheck } = bot;

  const record = recordFor(form, { ...parsed.data, email: typedEmail(parsed.data.email) });
  const origin = {
    botCheck,
    clientAddress,
    userAgent: request.headers.get("user-agent")?.slice(0, USER_AGENT_MAX) ?? null,
    receivedAt: new Date(),
  };
  try {
    await store.saveLead(record.lead, origin, (leadId) =>
      renderNotification(record.notice, { ...origin, leadTable: record.lead.table, leadId }),
    );
  } catch (error) {
    log.error(`Could not store a ${form} lead:`, error);
    return fail({ status: 500, reason: "storage" });
  }
  worker.nudge();
  return data<LeadResult>({ ok: true, form, title: texts.success.title, message: texts.success.message }, { status: 200 });
}
