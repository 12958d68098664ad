import { createHmac, randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { makePrivateDir, PRIVATE_FILE_MODE, SITE_KEY_FILE } from "#server/data-dir.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";

/** The site_keys row holding the generated site key on PostgreSQL. */
const SHARED_KEY_NAME = "site";

interface KeySettings {
  ALTCHA_HMAC_KEY?: string | undefined;
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
}

/** The secrets derived from the one site key, each for one purpose. */
export interface SiteSecrets {
  altchaSignature: string;
  altchaKeySignature: string;
  formToken: Buffer;
  /** Signs the booking manage links (unless BOOKING_TOKEN_SECRET is set). */
  bookingManage: string;
  /** Keys the hash of a forgotten email in the inbox's audit log. */
  adminForget: Buffer;
  /**
   * Encrypts the inbox users' authenticator app secrets (server/admin/second-factor.ts): from the
   * secrets key, not the site key, so the database's backups, which carry the site key, open none
   * (server/admin/secrets-key.ts, docs/decisions/0046).
   */
  adminTotp: Buffer;
  /** Signs newsletter confirmation and unsubscribe links. */
  newsletterLinks: Buffer;
  /** Signs the private preview links of articles not yet live (server/articles/preview.ts). */
  articlePreview: Buffer;
}

function derive(master: string, purpose: string): Buffer {
  return createHmac("sha256", master).update(purpose).digest();
}

/** Every secret derived from the site key: all but the authenticator secrets' key, which start.ts adds from the secrets key. */
export function siteSecrets(master: string): Omit<SiteSecrets, "adminTotp"> {
  return {
    altchaSignature: master,
    altchaKeySignature: derive(master, "altcha-key-signature").toString("hex"),
    formToken: derive(master, "form-token"),
    bookingManage: derive(master, "booking-manage-token").toString("base64url"),
    adminForget: derive(master, "admin-forget-email"),
    newsletterLinks: derive(master, "newsletter-links"),
    articlePreview: derive(master, "article-preview-links"),
  };
}

/**
 * The key that seals the inbox's authenticator secrets, from `key`: the
 * secrets key now, the site key for secrets sealed before (docs/decisions/0046).
 */
export const totpSealingKey = (key: string): Buffer => derive(key, "admin-totp-secrets");

/**
 * The key kept in the file `name` of DATA_DIR (readable by the server's user
 * only), generated there on first use.
 */
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

/**
 * The key that signs ALTCHA challenges, form tokens and everything derived
 * from it: ALTCHA_HMAC_KEY when set. Otherwise, on the embedded SQLite, one
 * generated on first start and kept in DATA_DIR, so restarts do not void the
 * challenges already issued.
 */
export function loadMasterKey(settings: KeySettings): string {
  return settings.ALTCHA_HMAC_KEY ?? generatedKey(settings.DATA_DIR, SITE_KEY_FILE);
}

/**
 * The site key, read once at start (server/start.ts). On PostgreSQL without
 * ALTCHA_HMAC_KEY, the first instance to start stores one in site_keys and
 * every instance reads that row, so a form token or ALTCHA challenge issued by
 * one instance verifies on any other. The first one is the key an earlier
 * single-instance run generated into DATA_DIR when there is one, so booking
 * links already mailed stay valid.
 */
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
