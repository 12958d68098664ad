/**
 * The visitor's cookie choice (SPEC.md sections 3, 4 and 9): how it is stored,
 * when it is still valid, and which Consent Mode updates it sends to Google's tag.
 * Pure functions; the banner in app/components/consent/ does the DOM and storage.
 */

/** SPEC.md section 9. */
export const CONSENT_STORAGE_KEY = "cookie-consent";
/** SPEC.md section 9: the banner appears this long after load when nothing is saved. */
export const BANNER_DELAY_MS = 1000;
/**
 * The cookie policy's revision. Raise it when the policy changes what is collected:
 * every visitor is asked again, whatever they chose before.
 */
export const CONSENT_REVISION = 1;
/**
 * The revision of a choice saved in SPEC.md section 3's own format (essential, analytics,
 * marketing, functional, timestamp): the policy as it first was, before revisions were counted.
 */
export const FIRST_CONSENT_REVISION = 1;
/** A choice is asked again after this many months. */
export const CONSENT_MAX_AGE_MONTHS = 12;

export const PARSE_ERROR_MESSAGE = "Error parsing cookie preferences:";

/** The event a choice dispatches on `window`, its `detail` the ConsentChoices: for anything that follows consent (attribution). */
export const CONSENT_CHOICE_EVENT = "cookie-consent-choice";

/** The categories a visitor can turn on or off; essential cookies are always on. */
export interface ConsentChoices {
  analytics: boolean;
  marketing: boolean;
  functional: boolean;
}

/** What is saved under CONSENT_STORAGE_KEY. */
export interface ConsentPreferences extends ConsentChoices {
  essential: true;
  /** ISO date-time of the choice. */
  timestamp: string;
  revision: number;
}

/** The browser's own privacy signals the defaults respect. */
export interface PrivacySignals {
  /** Global Privacy Control: the visitor asks not to have data sold or shared for advertising. */
  globalPrivacyControl: boolean;
}

export const REJECT_ALL: ConsentChoices = { analytics: false, marketing: false, functional: false };

/**
 * What Accept All grants, and what the Cookie Settings switches start at when
 * nothing is saved: all on (SPEC.md section 4). Global Privacy Control is a
 * do-not-sell/share request, so it keeps marketing off in both; only the
 * visitor's own marketing switch in Cookie Settings turns it on.
 */
export function acceptAllChoices(signals: PrivacySignals): ConsentChoices {
  return { analytics: true, marketing: !signals.globalPrivacyControl, functional: true };
}

export function toPreferences(choices: ConsentChoices, now: Date): ConsentPreferences {
  return {
    essential: true,
    analytics: choices.analytics,
    marketing: choices.marketing,
    functional: choices.functional,
    timestamp: now.toISOString(),
    revision: CONSENT_REVISION,
  };
}

export function choicesOf(preferences: ConsentChoices): ConsentChoices {
  return { analytics: preferences.analytics, marketing: preferences.marketing, functional: preferences.functional };
}

/** The moment a choice made at `timestamp` stops counting. */
export function consentExpiry(timestamp: Date): Date {
  const expiry = new Date(timestamp);
  expiry.setUTCMonth(expiry.getUTCMonth() + CONSENT_MAX_AGE_MONTHS);
  return expiry;
}

/** Reads a stored value: absent, unreadable, stale (expired or older revision), or valid. */
export function parseStoredConsent(raw: string | null, now: Date): StoredConsent {
  if (raw === null) return { status: "absent" };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return { status: "invalid", error };
  }
  if (typeof value !== "object" || value === null) {
    return { status: "invalid", error: new TypeError("not an object") };
  }
  const { analytics, marketing, functional, timestamp, revision: saved } = value as Record<string, unknown>;
  if (typeof analytics !== "boolean" || typeof marketing !== "boolean" || typeof functional !== "boolean") {
    return { status: "invalid", error: new TypeError("analytics, marketing and functional must be booleans") };
  }
  const savedAt = typeof timestamp === "string" ? new Date(timestamp) : new Date(Number.NaN);
  if (Number.isNaN(savedAt.getTime())) {
    return { status: "invalid", error: new TypeError("timestamp is not a date") };
  }
  const preferences: ConsentPreferences = {
    essential: true,
    analytics,
    marketing,
    functional,
    timestamp: savedAt.toISOString(),
    revision: typeof saved === "number" ? saved : FIRST_CONSENT_REVISION,
  };
  const stale = preferences.revision !== CONSENT_REVISION || consentExpiry(savedAt) <= now;
  return { status: stale ? "stale" : "valid", preferences };
}

const signalsOf: Record<"analytics" | "marketing", ConsentSignal[]> = {
  analytics: ["analytics_storage"],
  marketing: ["ad_storage", "ad_user_data", "ad_personalization"],
};

/**
 * The `gtag('consent', 'update', ...)` arguments a choice sends (SPEC.md section 4):
 * a grant for analytics, a grant for marketing, and nothing for a refusal, since
 * everything starts denied. `granted` is what this page has already granted: a
 * visitor who withdraws it in Cookie Settings gets a denied update, so the tag
 * stops at once rather than on the next page load.
 */
export function consentUpdates(
  choices: ConsentChoices,
  granted: ConsentChoices = { analytics: false, marketing: false, functional: false },
): ConsentUpdate[] {
  const updates: ConsentUpdate[] = [];
  for (const category of ["analytics", "marketing"] as const) {
    const state = choices[category] ? "granted" : granted[category] ? "denied" : null;
    if (state) updates.push(Object.fromEntries(signalsOf[category].map((signal) => [signal, state])));
  }
  return updates;
}

/** Sends a choice's updates, only when Google's tag is on the page. */
export function sendConsentUpdates(gtag: Gtag | undefined, choices: ConsentChoices, granted?: ConsentChoices): void {
  if (typeof gtag !== "function") return;
  for (const consent of consentUpdates(choices, granted)) gtag("consent", "update", consent);
}

export function serializeConsent(preferences: ConsentPreferences): string {
  return JSON.stringify(preferences);
}

/** What a stored value means for this visit. */
export type StoredConsent =
  | { status: "absent" }
  | { status: "invalid"; error: unknown }
  /** Saved more than CONSENT_MAX_AGE_MONTHS ago, or under another policy revision: ask again. */
  | { status: "stale"; preferences: ConsentPreferences }
  | { status: "valid"; preferences: ConsentPreferences };

/** The Consent Mode v2 state every page starts in, before Google's tag loads. */
export const CONSENT_DEFAULTS = {
  analytics_storage: "denied",
  ad_storage: "denied",
  ad_user_data: "denied",
  ad_personalization: "denied",
} as const;

type ConsentSignal = keyof typeof CONSENT_DEFAULTS;
export type ConsentUpdate = Partial<Record<ConsentSignal, "granted" | "denied">>;

export type Gtag = (command: "consent", action: "update", update: ConsentUpdate) => void;
