import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { analyticsScript } from "#app/lib/analytics.ts";
import { withAnalytics } from "#server/analytics.ts";
import {
  acceptAllChoices,
  CONSENT_REVISION,
  type ConsentChoices,
  FIRST_CONSENT_REVISION,
  consentUpdates,
  parseStoredConsent,
  REJECT_ALL,
  sendConsentUpdates,
  serializeConsent,
  toPreferences,
} from "#app/lib/consent.ts";
import consentPageScript from "#app/before-react/consent-page-script.ts?inline-script";
import { parseEnv } from "#server/env.ts";
import { emptyAllowances } from "#server/http/security.ts";

const now = new Date("2026-03-15T10:00:00.000Z");
const noGpc = { globalPrivacyControl: false };
const gpc = { globalPrivacyControl: true };
const ANALYTICS = { analytics_storage: "granted" };
const MARKETING = { ad_storage: "granted", ad_user_data: "granted", ad_personalization: "granted" };

function stored(fields: Record<string, unknown>): string {
  return JSON.stringify({ essential: true, analytics: true, marketing: false, functional: true, revision: CONSENT_REVISION, ...fields });
}

describe("saving a choice", () => {
  it("stores essential true, the three choices, an ISO timestamp and the policy revision", () => {
    const json = JSON.parse(serializeConsent(toPreferences({ analytics: true, marketing: false, functional: true }, now)));
    expect(json).toEqual({
      essential: true,
      analytics: true,
      marketing: false,
      functional: true,
      timestamp: "2026-03-15T10:00:00.000Z",
      revision: CONSENT_REVISION,
    });
  });

  it("reads back what it saved", () => {
    const preferences = toPreferences(REJECT_ALL, now);
    expect(parseStoredConsent(serializeConsent(preferences), now)).toEqual({ status: "valid", preferences });
  });
});

describe("Accept All and the settings defaults", () => {
  it("turns everything on", () => {
    expect(acceptAllChoices(noGpc)).toEqual({ analytics: true, marketing: true, functional: true });
  });

  it("keeps marketing off when the browser sends Global Privacy Control", () => {
    expect(acceptAllChoices(gpc)).toEqual({ analytics: true, marketing: false, functional: true });
  });
});

describe("reading a stored value", () => {
  it("treats nothing stored as no choice", () => {
    expect(parseStoredConsent(null, now)).toEqual({ status: "absent" });
  });

  it.each([
    ["broken JSON", "{not json"],
    ["a bare string", '"yes"'],
    ["null", "null"],
    ["a non-boolean choice", stored({ analytics: "true" })],
    ["a missing choice", JSON.stringify({ essential: true, analytics: true, marketing: true, timestamp: now.toISOString() })],
    ["a timestamp that is not a date", stored({ timestamp: "yesterday" })],
  ])("rejects %s as unreadable, with the reason", (_label, raw) => {
    const result = parseStoredConsent(raw, now);
    expect(result.status).toBe("invalid");
    expect(result.status === "invalid" && result.error).toBeInstanceOf(Error);
  });

  it("keeps a choice for 12 months, then asks again", () => {
    const justInside = stored({ timestamp: "2025-03-15T10:00:01.000Z" });
    const twelveMonths = stored({ timestamp: "2025-03-15T10:00:00.000Z" });
    const thirteenMonths = stored({ timestamp: "2025-02-15T10:00:00.000Z" });
    expect(parseStoredConsent(justInside, now).status).toBe("valid");
    expect(parseStoredConsent(twelveMonths, now).status).toBe("stale");
    expect(parseStoredConsent(thirteenMonths, now).status).toBe("stale");
  });

  it("asks again after the policy revision changes", () => {
    const recent = "2026-03-01T00:00:00.000Z";
    expect(parseStoredConsent(stored({ timestamp: recent, revision: CONSENT_REVISION - 1 }), now).status).toBe("stale");
    expect(parseStoredConsent(stored({ timestamp: recent, revision: CONSENT_REVISION + 1 }), now).status).toBe("stale");
    expect(parseStoredConsent(stored({ timestamp: recent }), now).status).toBe("valid");
  });

  it("reads a choice in SPEC.md's own format, without a revision, as made under the first policy", () => {
    const specFormat = JSON.stringify({
      essential: true,
      analytics: false,
      marketing: true,
      functional: true,
      timestamp: "2026-03-01T00:00:00.000Z",
    });
    const result = parseStoredConsent(specFormat, now);
    // The policy is still at its first revision, so the choice stands.
    expect(result).toEqual({
      status: "valid",
      preferences: {
        essential: true,
        analytics: false,
        marketing: true,
        functional: true,
        timestamp: "2026-03-01T00:00:00.000Z",
        revision: FIRST_CONSENT_REVISION,
      },
    });
  });

  it("always reads essential as true", () => {
    const result = parseStoredConsent(stored({ timestamp: "2026-03-01T00:00:00.000Z", essential: false }), now);
    expect(result.status === "valid" && result.preferences.essential).toBe(true);
  });
});

describe("Consent Mode updates", () => {
  const choice = (analytics: boolean, marketing: boolean, functional = true): ConsentChoices => ({ analytics, marketing, functional });

  it("grants analytics storage for analytics, and the three ad signals for marketing", () => {
    expect(consentUpdates(choice(true, true))).toEqual([ANALYTICS, MARKETING]);
    expect(consentUpdates(choice(true, false))).toEqual([ANALYTICS]);
    expect(consentUpdates(choice(false, true))).toEqual([MARKETING]);
  });

  it("sends nothing for a refusal: everything is denied already", () => {
    expect(consentUpdates(REJECT_ALL)).toEqual([]);
    expect(consentUpdates(choice(false, false, true))).toEqual([]);
  });

  it("denies again what this page had granted when the visitor withdraws it", () => {
    expect(consentUpdates(choice(false, true), choice(true, true))).toEqual([{ analytics_storage: "denied" }, MARKETING]);
    expect(consentUpdates(REJECT_ALL, choice(false, true))).toEqual([
      { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" },
    ]);
  });

  it("calls gtag only when it is on the page", () => {
    const calls: unknown[][] = [];
    sendConsentUpdates((...args) => calls.push(args), choice(true, true));
    expect(calls).toEqual([
      ["consent", "update", ANALYTICS],
      ["consent", "update", MARKETING],
    ]);
    expect(() => sendConsentUpdates(undefined, choice(true, true))).not.toThrow();
  });
});

describe("the analytics script", () => {
  /** Runs the script in a bare page-like context and returns what it queued and loaded. */
  function run(script: string) {
    const appended: { src: string; async: boolean }[] = [];
    const window: Record<string, unknown> = {};
    const document = {
      createElement: () => ({ src: "", async: false }),
      head: { appendChild: (el: { src: string; async: boolean }) => appended.push(el) },
    };
    Object.assign(window, { window, document });
    runInNewContext(script, window);
    const dataLayer = (window.dataLayer as IArguments[] | undefined)?.map((args) => Array.from(args));
    return { window, dataLayer, appended };
  }

  it("does nothing at all without a measurement id", () => {
    const { window, appended } = run(analyticsScript(undefined));
    expect(window.dataLayer).toBeUndefined();
    expect(window.gtag).toBeUndefined();
    expect(appended).toEqual([]);
  });

  it("queues the denied defaults before anything else, then loads the tag asynchronously", () => {
    const { window, dataLayer, appended } = run(analyticsScript("G-TEST123"));
    expect(typeof window.gtag).toBe("function");
    expect(dataLayer?.[0]).toEqual([
      "consent",
      "default",
      expect.objectContaining({
        analytics_storage: "denied",
        ad_storage: "denied",
        ad_user_data: "denied",
        ad_personalization: "denied",
      }),
    ]);
    expect(dataLayer?.slice(1).map((args) => args[0])).toEqual(["js", "config"]);
    expect(dataLayer?.[2]).toEqual(["config", "G-TEST123"]);
    expect(appended).toEqual([{ src: "https://www.googletagmanager.com/gtag/js?id=G-TEST123", async: true }]);
  });
});

describe("the GA_MEASUREMENT_ID setting", () => {
  it("takes a GA4 measurement id and refuses anything else by name", () => {
    expect(parseEnv({ GA_MEASUREMENT_ID: "G-ABC123XYZ" }).GA_MEASUREMENT_ID).toBe("G-ABC123XYZ");
    expect(parseEnv({}).GA_MEASUREMENT_ID).toBeUndefined();
    expect(() => parseEnv({ GA_MEASUREMENT_ID: "UA-12345-1" })).toThrow(/GA_MEASUREMENT_ID/);
    expect(() => parseEnv({ GA_MEASUREMENT_ID: 'G-1"</script>' })).toThrow(/GA_MEASUREMENT_ID/);
  });
});

describe("the Content-Security-Policy for analytics", () => {
  it("adds nothing without a measurement id", () => {
    expect(withAnalytics(emptyAllowances, undefined)).toEqual(emptyAllowances);
  });

  it("allows Google's tag and its collection endpoints, keeping other features' sources", () => {
    const allow = withAnalytics({ ...emptyAllowances, script: ["https://example.test"], frame: ["https://video.test"] }, "G-TEST123");
    expect(allow.script).toEqual(["https://example.test", "https://www.googletagmanager.com"]);
    expect(allow.frame).toEqual(["https://video.test"]);
    for (const list of [allow.connect, allow.img]) {
      expect(list).toEqual(
        expect.arrayContaining(["https://*.google-analytics.com", "https://*.analytics.google.com", "https://www.googletagmanager.com"]),
      );
    }
  });
});

describe("the banner's inline script", () => {
  it("is one minified classic script that reads a page without a banner as nothing to do", () => {
    expect(consentPageScript).not.toMatch(/^\s*(import|export)\b/m);
    expect(consentPageScript).toContain("cookie-banner");
    expect(() => runInNewContext(consentPageScript, { document: { getElementById: () => null }, navigator: {} })).not.toThrow();
  });
});
