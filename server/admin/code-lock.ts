import type { Kysely } from "kysely";
import { site } from "#app/config/site.ts";
import { minutesText } from "#app/forms/messages.ts";
import { escapeHtml } from "#app/lib/escape-html.ts";
import { formatSast } from "#app/lib/sast.ts";
import { recordAudit } from "#server/audit/audit.ts";
import type { Database } from "#server/db/schema.ts";
import { enqueue } from "#server/outbox/store.ts";

// Wrong codes counted per account from any address: per-address limits let 50 addresses try 100 codes (docs/decisions/0045).

export const CODE_LOCK_AFTER = 10;
/** Long enough for the mail to be read before the next ten guesses. */
const FIRST_LOCK_MINUTES = 15;
const LONGEST_LOCK_MINUTES = 24 * 60;

export const CODES_LOCKED_KIND = "Sign-in codes locked";

const lockMinutes = (locksInARow: number) => Math.min(FIRST_LOCK_MINUTES * 2 ** (locksInARow - 1), LONGEST_LOCK_MINUTES);

interface LockState {
  code_locks: number;
  codes_locked_until: Date | string | null;
}

function nextLockInARow(state: LockState, now: Date): number {
  const ended = state.codes_locked_until ? new Date(state.codes_locked_until).getTime() : null;
  return ended !== null && now.getTime() - ended < LONGEST_LOCK_MINUTES * 60_000 ? state.code_locks + 1 : 1;
}

export type CodeCheck = { ok: true; last: boolean; lockState: LockState } | { ok: false; retryAfterMs: number };

/** Counted before the code is checked, so parallel guesses cannot slip past the count. */
export async function countCodeCheck(db: Kysely<Database>, userId: number, now: Date): Promise<CodeCheck> {
  const counted = await db
    .updateTable("admin_users")
    .set((eb) => ({ code_failures: eb("code_failures", "+", 1) }))
    .where("id", "=", userId)
    .where((eb) => eb.or([eb("codes_locked_until", "is", null), eb("codes_locked_until", "<=", now)]))
    .returning(["code_failures", "code_locks", "codes_locked_until"])
    .executeTakeFirst();
  if (!counted) {
    const user = await db.selectFrom("admin_users").select("codes_locked_until").where("id", "=", userId).executeTakeFirst();
    const until = user?.codes_locked_until ? new Date(user.codes_locked_until).getTime() : now.getTime();
    return { ok: false, retryAfterMs: Math.max(until - now.getTime(), 1000) };
  }
  if (counted.code_failures > CODE_LOCK_AFTER) return { ok: false, retryAfterMs: lockMinutes(nextLockInARow(counted, now)) * 60_000 };
  return { ok: true, last: counted.code_failures === CODE_LOCK_AFTER, lockState: counted };
}

export async function codeWasRight(db: Kysely<Database>, userId: number): Promise<void> {
  await db.updateTable("admin_users").set({ code_failures: 0 }).where("id", "=", userId).execute();
}

interface LockedUser {
  userId: number;
  email: string;
  address: string;
}

export async function lockCodes(db: Kysely<Database>, user: LockedUser, lockState: LockState, siteUrl: string, now: Date): Promise<number> {
  const inARow = nextLockInARow(lockState, now);
  const minutes = lockMinutes(inARow);
  const until = new Date(now.getTime() + minutes * 60_000);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("admin_users")
      .set({ codes_locked_until: until, code_locks: inARow, code_failures: 0 })
      .where("id", "=", user.userId)
      .execute();
    const admins = await trx.selectFrom("admin_users").select("email").where("role", "=", "admin").execute();
    const recipients = [user.email, ...admins.map((admin) => admin.email).filter((email) => email !== user.email)];
    await enqueue(
      trx,
      recipients.map((recipient) => {
        const mail = lockMail(user, recipient === user.email, { minutes, until, siteUrl, now });
        return {
          kind: CODES_LOCKED_KIND,
          lead_table: "admin_users" as const,
          lead_id: user.userId,
          reply_to: null,
          recipient,
          attachments: null,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html,
        };
      }),
      now,
    );
    await recordAudit(
      trx,
      { userId: user.userId, name: user.email },
      {
        action: "codes-locked",
        detail: `codes locked for ${minutesText(minutes)} after ${CODE_LOCK_AFTER} wrong codes in a row, the last from ${user.address}`,
      },
      now,
    );
  });
  return minutes * 60_000;
}

/** A new password shuts out whoever guessed with the old one. */
export const codesUnlocked = { code_failures: 0, codes_locked_until: null, code_locks: 0 } as const;

function lockMail(user: LockedUser, own: boolean, lock: { minutes: number; until: Date; siteUrl: string; now: Date }) {
  const until = `${formatSast(lock.until)} SAST`;
  const whose = own ? `your ${site.name} lead inbox account (${user.email})` : `the ${site.name} lead inbox account ${user.email}`;
  const paragraphs = [
    `Someone who knows the password of ${whose} gave ${CODE_LOCK_AFTER} wrong codes in a row at the sign-in's second step, the last from ${user.address} at ${formatSast(lock.now)} SAST.`,
    `Until ${until} (${minutesText(lock.minutes)}) no code from an authenticator app and no recovery code is taken for this account, from anywhere. A passkey still signs in.`,
    own
      ? `If it was not you, someone else has your password. Choose a new one on your Account page (${lock.siteUrl}/admin/account) as soon as you can sign in, or ask an admin to give you a new one on the Users page: a new password lifts the lock. If it was you, wait until then, and check that your phone's clock is right.`
      : `If ${user.email} did not do this, someone else has their password. Give them a new one on the Users page (${lock.siteUrl}/admin/users), or on the server with npm run admin -- set-password ${user.email}: a new password lifts the lock and ends their sessions and waiting sign-ins.`,
  ];
  return {
    subject: `${CODES_LOCKED_KIND} for ${user.email} until ${until}`,
    text: paragraphs.join("\n\n"),
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a">${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}</body></html>`,
  };
}
