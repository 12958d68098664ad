import {
  ATTRIBUTION_MAX_DAYS,
  type Attribution,
  type ClickIds,
  isCampaign,
  type Touch,
  touchOf,
  withoutClickIds,
} from "#app/lib/attribution.ts";
import { CONSENT_CHOICE_EVENT, CONSENT_STORAGE_KEY, type ConsentChoices, parseStoredConsent } from "#app/lib/consent.ts";

/**
 * The browser's side of attribution: each page load notes its touch
 * (attribution-page-script.ts, an inline script of every public page), a lead
 * post carries them (attributionForPost). This visit's touch lives in
 * sessionStorage (it ends with the tab), the first and latest campaign touches
 * in localStorage for at most ATTRIBUTION_MAX_DAYS. Ad click ids are written
 * only once the visitor allows marketing; until they choose, a landing's click
 * ids wait in memory, and a refusal or a withdrawal (the banner's
 * CONSENT_CHOICE_EVENT) removes every click id kept; so does a page load
 * without that consent, for a choice made before this page's scripts ran.
 * Lean on purpose (it is in every public page): the server checks every value
 * a post carries.
 */

const VISIT_KEY = "attribution-visit";
const TOUCHES_KEY = "attribution-touches";
const MAX_AGE_MS = ATTRIBUTION_MAX_DAYS * 86_400_000;

type Kept = { first: Touch | null; last: Touch | null };

/** Click ids of this page's landing, waiting for the visitor's choice. */
let waitingClickIds: ClickIds = {};
/** This tab's visit, also when storage is blocked (kept by the page script, which notes it). */
let visit: Touch | null = null;

const local = () => window.localStorage;
const session = () => window.sessionStorage;

function read(storage: () => Storage, key: string): unknown {
  try {
    return JSON.parse(storage().getItem(key) ?? "null");
  } catch {
    // Blocked or unreadable: as if nothing was kept.
    return null;
  }
}

function write(storage: () => Storage, key: string, value: unknown): void {
  try {
    storage().setItem(key, JSON.stringify(value));
  } catch {
    // Blocked or full: attribution is never in the visitor's way.
  }
}

function marketingAllowed(): boolean {
  let raw: string | null = null;
  try {
    raw = local().getItem(CONSENT_STORAGE_KEY);
  } catch {
    // Blocked: no choice is known, so no consent.
  }
  const stored = parseStoredConsent(raw, new Date());
  return stored.status === "valid" && stored.preferences.marketing;
}

/** The campaign touches kept, those older than ATTRIBUTION_MAX_DAYS left out. */
function kept(): Kept {
  const value = read(local, TOUCHES_KEY) as Partial<Kept> | null;
  const fresh = (touch: Touch | null | undefined) => (touch && Date.now() - Date.parse(touch.at) <= MAX_AGE_MS ? touch : null);
  return { first: fresh(value?.first), last: fresh(value?.last) };
}

/** Notes this page load (once, by the page's script): the visit's landing once per tab, and a campaign touch whenever the URL carries one. */
export function notePageView(): void {
  addEventListener(CONSENT_CHOICE_EVENT, (event) => noteMarketingChoice((event as CustomEvent<ConsentChoices>).detail.marketing));
  const touch = touchOf(new URL(window.location.href), document.referrer, new Date());
  visit ??= (read(session, VISIT_KEY) as Touch | null) ?? withoutClickIds(touch);
  write(session, VISIT_KEY, visit);
  if (!marketingAllowed()) noteMarketingChoice(false);
  if (!isCampaign(touch)) return;
  let campaign = touch;
  if (!marketingAllowed()) {
    waitingClickIds = touch.clickIds;
    campaign = withoutClickIds(touch);
  }
  write(local, TOUCHES_KEY, { first: kept().first ?? campaign, last: campaign });
}

/**
 * The visitor's cookie choice: with marketing allowed, the landing's waiting
 * click ids join its touch; without, every click id kept is removed.
 */
function noteMarketingChoice(allowed: boolean): void {
  const { first, last } = kept();
  if (allowed && last && Object.keys(waitingClickIds).length) {
    const withIds = { ...last, clickIds: waitingClickIds };
    write(local, TOUCHES_KEY, { first: first?.at === last.at ? withIds : first, last: withIds });
  } else if (!allowed && (first || last)) {
    write(local, TOUCHES_KEY, { first: first && withoutClickIds(first), last: last && withoutClickIds(last) });
  }
  waitingClickIds = {};
}

/** This tab's landing: noted by this page's script, or read back by the hydrated app's copy of this module. */
function thisVisit(): Touch | null {
  return visit ?? (read(session, VISIT_KEY) as Touch | null);
}

/** What a lead post carries (ATTRIBUTION_FIELD): click ids only while marketing is allowed. */
export function attributionForPost(): string {
  const visit = thisVisit();
  if (!visit) return "";
  const marketing = marketingAllowed();
  const { first, last } = kept();
  return JSON.stringify({ visit, first, last, marketing } satisfies Attribution);
}
