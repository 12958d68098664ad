import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { openSecret, sealSecret } from "#server/admin/second-factor.ts";
import { generatedKey } from "#server/captcha/keys.ts";
import { SECRETS_KEY_FILE } from "#server/data-dir.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";
import type { Dialect } from "#server/db/dialect.ts";
import type { Database } from "#server/db/schema.ts";
import { EnvError } from "#server/env.ts";
import { log } from "#server/log.ts";

// Kept apart from the database, so no copy or backup of it opens an authenticator secret (docs/decisions/0046).

interface SecretsKeySettings {
  SECRETS_KEY?: string | undefined;
  DATA_DIR: string;
}

const secretsKeyFile = (settings: Pick<SecretsKeySettings, "DATA_DIR">) => path.join(settings.DATA_DIR, SECRETS_KEY_FILE);

export const secretsKeySource = (settings: SecretsKeySettings) => (settings.SECRETS_KEY ? "SECRETS_KEY" : secretsKeyFile(settings));

export function prepareSecretsKey(settings: SecretsKeySettings, dialect: Dialect): string {
  if (settings.SECRETS_KEY) return settings.SECRETS_KEY;
  if (dialect === "postgres") {
    throw new EnvError(
      "Invalid settings:\n  SECRETS_KEY: required with DATABASE_URL: the key that seals the inbox's authenticator secrets, the same on every instance and kept apart from the database and its dumps, e.g. $(openssl rand -hex 32)",
    );
  }
  return generatedKey(settings.DATA_DIR, SECRETS_KEY_FILE);
}

export function storedSecretsKey(settings: SecretsKeySettings): string | null {
  if (settings.SECRETS_KEY) return settings.SECRETS_KEY;
  const file = secretsKeyFile(settings);
  const key = existsSync(file) ? readFileSync(file, "utf8").trim() : "";
  return key.length >= 32 ? key : null;
}

export interface Resealed {
  resealed: number;
  unopened: string[];
}

/** Run at each start; the update names the value it replaces, so instances starting together seal a secret once. */
export async function resealSecondFactors(db: Kysely<Database>, keys: { current: Buffer; former: Buffer }): Promise<Resealed> {
  const resealed: Resealed = { resealed: 0, unopened: [] };
  const users = await db.selectFrom("admin_users").select(["id", "email", "totp_secret"]).where("totp_secret", "is not", null).execute();
  for (const user of users) {
    const sealed = user.totp_secret!;
    if (openSecret(keys.current, sealed) !== null) continue;
    const base32 = openSecret(keys.former, sealed);
    if (base32 === null) {
      resealed.unopened.push(user.email);
      continue;
    }
    const updated = await db
      .updateTable("admin_users")
      .set({ totp_secret: sealSecret(keys.current, base32) })
      .where("id", "=", user.id)
      .where("totp_secret", "=", sealed)
      .executeTakeFirst();
    resealed.resealed += Number(updated.numUpdatedRows);
  }
  const offers = await db.selectFrom("admin_sign_ins").select(["id", "totp_candidate"]).where("totp_candidate", "is not", null).execute();
  for (const offer of offers) {
    const sealed = offer.totp_candidate!;
    if (openSecret(keys.current, sealed) !== null) continue;
    const base32 = openSecret(keys.former, sealed);
    await db
      .updateTable("admin_sign_ins")
      .set({ totp_candidate: base32 === null ? null : sealSecret(keys.current, base32) })
      .where("id", "=", offer.id)
      .where("totp_candidate", "=", sealed)
      .execute();
  }
  return resealed;
}

export function unopenedAdvice(emails: readonly string[], source: string): string {
  const who =
    emails.length === 1
      ? `the authenticator app of ${emails[0]}`
      : `the authenticator apps of ${emails.length} users (${emails.join(", ")})`;
  return `${who} cannot be opened with the secrets key (${source}): put back the secrets key kept apart from the backups (README: Backups) and restart, or give each of them a new app at their next sign-in: npm run admin -- reset-second-factor EMAIL (or Users in the inbox).`;
}

export async function sealSecondFactorsApart(
  settings: SecretsKeySettings,
  database: DatabaseHandle,
  keys: { current: Buffer; former: Buffer },
): Promise<void> {
  const { resealed, unopened } = await resealSecondFactors(database.db, keys);
  const source = secretsKeySource(settings);
  if (resealed) {
    log.info(`Inbox: sealed ${resealed} authenticator secrets with the secrets key (${source}), which the database's backups do not carry`);
  }
  if (unopened.length) log.warn(`Inbox: ${unopenedAdvice(unopened, source)}`);
}
