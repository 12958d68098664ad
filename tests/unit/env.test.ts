import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { envSchema, parseEnv } from "#server/env.ts";

describe("settings", () => {
  it("applies defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.TRUST_PROXY).toBe("none");
    // OWASP's scrypt cost for the inbox's passwords; only the tests lower it (vitest.config.ts).
    expect(env.ADMIN_PASSWORD_COST).toBe(17);
    expect(env.ADMIN_PASSWORD_THREAD_NICE).toBe(19);
  });

  it("names the variable of a bad value", () => {
    expect(() => parseEnv({ PORT: "abc" })).toThrow(/PORT/);
    expect(() => parseEnv({ SITE_URL: "not a url" })).toThrow(/SITE_URL/);
    expect(() => parseEnv({ TRUST_PROXY: "everything" })).toThrow(/TRUST_PROXY/);
  });

  it("asks for the webhook's secret with its URL, in the Standard Webhooks form", () => {
    const url = "https://crm.example.com/hooks";
    const secret = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
    expect(() => parseEnv({ LEAD_WEBHOOK_URL: url })).toThrow(/LEAD_WEBHOOK_SECRET: required when LEAD_WEBHOOK_URL is set/);
    expect(() => parseEnv({ LEAD_WEBHOOK_URL: url, LEAD_WEBHOOK_SECRET: "hunter2" })).toThrow(/LEAD_WEBHOOK_SECRET: must be whsec_/);
    expect(() => parseEnv({ LEAD_WEBHOOK_URL: url, LEAD_WEBHOOK_SECRET: "whsec_c2hvcnQ=" })).toThrow(
      /LEAD_WEBHOOK_SECRET: must hold 24 to 64/,
    );
    expect(() => parseEnv({ LEAD_WEBHOOK_URL: "ftp://crm.example.com", LEAD_WEBHOOK_SECRET: secret })).toThrow(/LEAD_WEBHOOK_URL/);
    expect(() => parseEnv({ SLACK_WEBHOOK_URL: url, WEBHOOK_TIMEOUT_MS: "20000" })).toThrow(
      /WEBHOOK_TIMEOUT_MS: must be less than a tenth/,
    );
    expect(parseEnv({ LEAD_WEBHOOK_URL: url, LEAD_WEBHOOK_SECRET: secret })).toMatchObject({
      LEAD_WEBHOOK_URL: url,
      WEBHOOK_TIMEOUT_MS: 10_000,
    });
  });

  it("reads call reminders as durations before the call, or none", () => {
    expect(parseEnv({}).BOOKING_REMINDERS).toEqual([24 * 3_600_000, 3_600_000]);
    expect(parseEnv({ BOOKING_REMINDERS: "2h30m, 90s" }).BOOKING_REMINDERS).toEqual([9_000_000, 90_000]);
    expect(parseEnv({ BOOKING_REMINDERS: "off" }).BOOKING_REMINDERS).toEqual([]);
    expect(() => parseEnv({ BOOKING_REMINDERS: "1 day" })).toThrow(/BOOKING_REMINDERS/);
    expect(() => parseEnv({ BOOKING_REMINDERS: "h" })).toThrow(/BOOKING_REMINDERS/);
  });

  it("takes a backup hour or off, and retention periods within their bounds", () => {
    expect(parseEnv({})).toMatchObject({ BACKUP_HOUR: 2, BACKUP_KEEP_DAYS: 14, RETENTION_SENT_MAIL_DAYS: 90, RETENTION_AUDIT_DAYS: 730 });
    expect(parseEnv({ BACKUP_HOUR: "off" }).BACKUP_HOUR).toBeNull();
    expect(parseEnv({ BACKUP_HOUR: "23" }).BACKUP_HOUR).toBe(23);
    expect(() => parseEnv({ BACKUP_HOUR: "24" })).toThrow(/BACKUP_HOUR: must be an hour from 0 to 23 \(SAST\), or off/);
    expect(() => parseEnv({ RETENTION_AUDIT_DAYS: "7" })).toThrow(/RETENTION_AUDIT_DAYS/);
    expect(() => parseEnv({ BACKUP_KEEP_DAYS: "0" })).toThrow(/BACKUP_KEEP_DAYS/);
  });

  it("is documented with every variable in .env.example and the README", () => {
    const example = readFileSync(".env.example", "utf8");
    const readme = readFileSync("README.md", "utf8");
    for (const name of Object.keys(envSchema.shape)) {
      expect(example, `.env.example lists ${name}`).toMatch(new RegExp(`^#? ?${name}=`, "m"));
      expect(readme, `README lists ${name}`).toContain(`\`${name}\``);
    }
  });
});
