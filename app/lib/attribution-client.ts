import {
  type Attribution,
  type ClickIds,
  isCampaign,
  parseTouch,
  parseTouches,
  type Touch,
  touchOf,
  withoutClickIds,
} from "./attribution.ts";
import { CONSENT_STORAGE_KEY, parseStoredConsent } from "./consent.ts";

/**
 * The browser's side of attribution: each page load notes its touch, a lead
 * post carries them. This visit's touch lives in sessionStorage (it ends with
 * the tab), the first and latest campaign touches in localStorage for at most
 * ATTRIBUTION_MAX_DAYS. Ad click ids are written only once the visitor allows
 * marketing; until they choose, a landing's click ids wait in memory, and a
 * refusal or a withdrawal removes every click id kept.
 */

const VISIT_KEY = "attribution-visit";
const TOUCHES_KEY = "attribution-touches";

/** Click ids of this page's landing, waiting for the visitor's choice. */
let waitingClickIds: ClickIds = {};
/** This tab's visit when storage is blocked. */
let visitInMemory: Touch | null = null;

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    // Storage is blocked or full: attribution is a nicety, never in the visitor's way.
  }
}

const local = () => window.localStorage;
const session = () => window.sessionStorage;

function marketingAllowed(): boolean {
  const stored = parseStoredConsent(read(local, CONSENT_STORAGE_KEY), new Date());
  return stored.status === "valid" && stored.preferences.marketing;
}

function keptTouches() {
  return parseTouches(read(local, TOUCHES_KEY), new Date());
}

function keepTouches(touches: { first: Touch | null; last: Touch | null }): void {
  write(local, TOUCHES_KEY, JSON.stringify(touches));
}

/** Notes this page load: the visit's landing once per tab, and a campaign touch whenever the URL carries one. */
export function notePageView(): void {
  const touch = touchOf(new URL(window.location.href), document.referrer, [], new Date());
  if (!read(session, VISIT_KEY) && !visitInMemory) {
    visitInMemory = withoutClickIds(touch);
    write(session, VISIT_KEY, JSON.stringify(visitInMemory));
  }
  if (!isCampaign(touch)) return;
  let kept = touch;
  if (!marketingAllowed()) {
    waitingClickIds = touch.clickIds;
    kept = withoutClickIds(touch);
  }
  const { first } = keptTouches();
  keepTouches({ first: first ?? kept, last: kept });
}

/**
 * The visitor's cookie choice: with marketing allowed, the landing's waiting
 * click ids join its touch; without, every click id kept is removed.
 */
export function noteMarketingChoice(allowed: boolean): void {
  const { first, last } = keptTouches();
  if (allowed) {
    if (!last || Object.keys(waitingClickIds).length === 0) return;
    const withIds = { ...last, clickIds: waitingClickIds };
    keepTouches({ first: first?.at === last.at ? withIds : first, last: withIds });
  } else if (first || last) {
    keepTouches({ first: first && withoutClickIds(first), last: last && withoutClickIds(last) });
  }
  waitingClickIds = {};
}

/** What a lead post carries (ATTRIBUTION_FIELD): click ids only while marketing is allowed. */
export function attributionForPost(): string {
  const visit = parseTouch(read(session, VISIT_KEY), new Date()) ?? visitInMemory;
  if (!visit) return "";
  let { first, last } = keptTouches();
  if (!marketingAllowed()) {
    first = first && withoutClickIds(first);
    last = last && withoutClickIds(last);
  }
  return JSON.stringify({ visit, first, last } satisfies Attribution);
}
