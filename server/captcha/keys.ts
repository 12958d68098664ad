import { createHmac, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const KEY_FILE = "altcha-hmac.key";

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
 * The key that signs ALTCHA challenges and form tokens: ALTCHA_HMAC_KEY when
 * set, else one generated on first start and kept in DATA_DIR (readable by the
 * server's user only), so restarts do not void the challenges already issued.
 */
export function loadMasterKey(settings: { ALTCHA_HMAC_KEY?: string | undefined; DATA_DIR: string }): string {
  if (settings.ALTCHA_HMAC_KEY) return settings.ALTCHA_HMAC_KEY;
  const file = path.join(settings.DATA_DIR, KEY_FILE);
  mkdirSync(settings.DATA_DIR, { recursive: true });
  try {
    // "wx" fails if the file exists, so two processes starting together keep the first key.
    writeFileSync(file, randomBytes(32).toString("hex"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const key = readFileSync(file, "utf8").trim();
  if (key.length < 32) throw new Error(`${file} holds no usable key: delete it to generate a new one`);
  return key;
}
