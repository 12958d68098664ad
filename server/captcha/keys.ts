import { createHmac, randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { makePrivateDir, PRIVATE_FILE_MODE } from "../data-dir.ts";
import type { DatabaseHandle } from "../db/connect.ts";

const KEY_FILE = "altcha-hmac.key";
/** The site_keys row holding the generated site key on PostgreSQL. */
const SHARED_KEY_NAME = "site";
// Kept on globalThis like the lead services, so a module reloaded in development still finds it.
const SHARED_KEY = Symbol.for("roi-site.shared-site-key");
type Holder = { [SHARED_KEY]?: { databaseUrl: string; key: string } };

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
}

function derive(master: string, purpose: string): Buffer {
  return createHmac("sha256", master).update(purpose).digest();
}

export function siteSecrets(master: string): SiteSecrets {
  return {
    altchaSignature: master,
    altchaKeySignature: derive(master, "altcha-key-signature").toString("hex"),
    formToken: derive(master, "form-token"),
  };
}

/**
 * The key that signs ALTCHA challenges, form tokens and everything derived
 * from it: ALTCHA_HMAC_KEY when set. Otherwise, on the embedded SQLite, one
 * generated on first start and kept in DATA_DIR (readable by the server's user
 * only), so restarts do not void the challenges already issued; on PostgreSQL,
 * the key every instance shares through the database, which
 * prepareMasterKey() reads when the lead pipeline starts.
 */
export function loadMasterKey(settings: KeySettings): string {
  if (settings.ALTCHA_HMAC_KEY) return settings.ALTCHA_HMAC_KEY;
  if (settings.DATABASE_URL) {
    const shared = (globalThis as Holder)[SHARED_KEY];
    if (shared?.databaseUrl === settings.DATABASE_URL) return shared.key;
    throw new Error("The site key is kept in the database: createApp() reads it when it starts the lead pipeline");
  }
  const file = path.join(settings.DATA_DIR, KEY_FILE);
  makePrivateDir(settings.DATA_DIR);
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
 * Makes the site key ready before the first request. On PostgreSQL without
 * ALTCHA_HMAC_KEY, the first instance to start stores one in site_keys and
 * every instance reads that row, so a form token or ALTCHA challenge issued by
 * one instance verifies on any other. The first one is the key an earlier
 * single-instance run generated into DATA_DIR when there is one, so booking
 * links already mailed stay valid.
 */
export async function prepareMasterKey(settings: KeySettings, database: DatabaseHandle): Promise<string> {
  if (settings.ALTCHA_HMAC_KEY || !settings.DATABASE_URL || database.dialect !== "postgres") return loadMasterKey(settings);
  const file = path.join(settings.DATA_DIR, KEY_FILE);
  const earlier = existsSync(file) ? readFileSync(file, "utf8").trim() : "";
  await database.db
    .insertInto("site_keys")
    .values({ name: SHARED_KEY_NAME, value: earlier.length >= 32 ? earlier : randomBytes(32).toString("hex"), created_at: new Date() })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const { value } = await database.db.selectFrom("site_keys").select("value").where("name", "=", SHARED_KEY_NAME).executeTakeFirstOrThrow();
  (globalThis as Holder)[SHARED_KEY] = { databaseUrl: settings.DATABASE_URL, key: value };
  return value;
}
