import { data, redirect } from "react-router";
import { z } from "#app/lib/zod.ts";
import { findHoldings, forgetPerson } from "#server/admin/forget.ts";
import { emailFingerprint, recordAudit } from "#server/audit/audit.ts";
import { type AdminRouteArgs, actorOf, adminOf, requireRoleFor } from "#server/admin/guard.ts";
import { posted, postedEmail, readPost } from "#server/admin/posts.ts";
import { servicesOf } from "#server/services.ts";

export function forgetLoader({ request, context }: AdminRouteArgs) {
  const session = requireRoleFor(context, "forget");
  const params = new URL(request.url).searchParams;
  const forgot = Number(params.get("forgot"));
  const { settings, dialect } = adminOf(context);
  return {
    csrf: session.csrfToken,
    forgot: params.has("forgot") && Number.isSafeInteger(forgot) && forgot >= 0 ? forgot : null,
    // PostgreSQL's backups are the operator's (pg_dump).
    backupDays: dialect === "sqlite" && settings.BACKUP_HOUR !== null ? settings.BACKUP_KEEP_DAYS : null,
  };
}

const forgetPost = z.object({
  email: postedEmail("Enter the person's email address."),
  intent: posted,
  confirm: z.pipe(
    posted,
    z.transform((ticked) => ticked === "yes"),
  ),
});

// Looking up is a post too: the address stays out of URLs, history and access logs.
export async function forgetAction({ request, context }: AdminRouteArgs) {
  const actor = actorOf(requireRoleFor(context, "forget"));
  const admin = adminOf(context);
  const { db, mail, forgetKey } = admin;
  const post = await readPost(request, forgetPost);
  if (!post.ok) return data({ error: post.error, holdings: null }, { status: post.status });
  const { email, intent, confirm } = post.data;

  if (intent === "forget") {
    if (!confirm) {
      return data(
        { error: "Tick the box to confirm that this person's data is to be deleted.", holdings: await findHoldings(db, mail, email) },
        { status: 400 },
      );
    }
    const { newsletter, booking } = servicesOf(context);
    const result = await forgetPerson(admin, actor, email, {
      subscriptionForgotten: (trx, key, now) => newsletter.forgotten(trx, key, now),
      bookingsForgotten: (trx, bookings, now) => booking.store.forgotten(trx, bookings, now),
    });
    return redirect(`/admin/forget?forgot=${result.leads + result.messages + result.notes + result.subscriptions}`, { status: 303 });
  }
  await recordAudit(db, actor, {
    action: "forget-lookup",
    detail: `looked up what is held for email hash ${emailFingerprint(forgetKey, email)}`,
  });
  return { error: null, holdings: await findHoldings(db, mail, email) };
}
