import { createHmac, randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { makePrivateDir, PRIVATE_FILE_MODE, SITE_KEY_FILE } from "#server/data-dir.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";

const SHARED_KEY_NAME = "site";

interface KeySettings {
  ALTCHA_HMAC_KEY?: string | undefined;
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
}

export interface SiteSecrets {
  altchaSignature: string;
  altchaKeySignature: string;
  formToken: Buffer;
  bookingManage: string;
  adminForget: Buffer;
  /** From the secrets key, not the site key, so backups open none (docs/decisions/0046). */
  adminTotp: Buffer;
  newsletterLinks: Buffer;
  articlePreview: Buffer;
  siteContentPreview: Buffer;
}

function derive(master: string, purpose: string): Buffer {
  return createHmac("sha256", master).update(purpose).digest();
}

export function siteSecrets(master: string): Omit<SiteSecrets, "adminTotp"> {
  return {
    altchaSignature: master,
    altchaKeySignature: derive(master, "altcha-key-signature").toString("hex"),
    formToken: derive(master, "form-token"),
    bookingManage: derive(master, "booking-manage-token").toString("base64url"),
    adminForget: derive(master, "admin-forget-email"),
    newsletterLinks: derive(master, "newsletter-links"),
    articlePreview: derive(master, "article-preview-links"),
    siteContentPreview: derive(master, "site-content-preview-links"),
  };
}

/** The secrets key now, the site key for secrets sealed before (docs/decisions/0046). */
export const totpSealingKey = (key: string): Buffer => derive(key, "admin-totp-secrets");

export function generatedKey(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  makePrivateDir(dataDir);
  try {
    // "wx" fails if the file exists, so two processes starting together keep the first key.
    writeFileSync(file, randomBytes(32).toString("hex"), { flag: "wx", mode: PRIVATE_FILE_MODE });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const key = readFileSync(file, "utf8").trim();
  if (key.length < 32) throw new Error(`${file} holds no usable key: delete it to generate a new one`);
  return key;
}

/** Generated on SQLite and kept in DATA_DIR, so restarts do not void the challenges already issued. */
export function loadMasterKey(settings: KeySettings): string {
  return settings.ALTCHA_HMAC_KEY ?? generatedKey(settings.DATA_DIR, SITE_KEY_FILE);
}

/** On PostgreSQL the first instance stores the key in site_keys, so a token issued by one instance verifies on any other. */
export async function prepareMasterKey(settings: KeySettings, database: DatabaseHandle): Promise<string> {
  if (settings.ALTCHA_HMAC_KEY || !settings.DATABASE_URL || database.dialect !== "postgres") return loadMasterKey(settings);
  const file = path.join(settings.DATA_DIR, SITE_KEY_FILE);
  const earlier = existsSync(file) ? readFileSync(file, "utf8").trim() : "";
  await database.db
    .insertInto("site_keys")
    .values({ name: SHARED_KEY_NAME, value: earlier.length >= 32 ? earlier : randomBytes(32).toString("hex"), created_at: new Date() })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const { value } = await database.db.selectFrom("site_keys").select("value").where("name", "=", SHARED_KEY_NAME).executeTakeFirstOrThrow();
  return value;
}
