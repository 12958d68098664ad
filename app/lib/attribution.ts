/**
 * Which campaign brought a lead (first-party only): what a visit carries, how
 * it is checked, and which channel it counts for. Shared by the browser (which
 * keeps the touches, app/lib/attribution-client.ts), the server (which reads a
 * post's attribution and, for a post without JavaScript, makes its own from
 * the form page's request) and the inbox. No zod: the browser carries this on
 * every public page, so it stays a few hundred bytes.
 *
 * Nothing here is trusted: every value is length-limited, stripped of control
 * characters and, for pages, referrers and click ids, held to a shape, and is
 * only ever shown as text.
 */

/** The hidden field a lead post carries the attribution in (JSON). */
export const ATTRIBUTION_FIELD = "_attribution";

/** A campaign touch is kept in the browser at most this long (the privacy notice says so). */
export const ATTRIBUTION_MAX_DAYS = 90;
const DAY_MS = 86_400_000;

export const utmKeys = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
type UtmKey = (typeof utmKeys)[number];

/** The ad platforms' click ids, kept only with the visitor's consent to marketing. */
export const clickIdKeys = ["gclid", "gbraid", "wbraid", "fbclid", "msclkid", "li_fat_id"] as const;
export type ClickIdKey = (typeof clickIdKeys)[number];
export type ClickIds = Partial<Record<ClickIdKey, string>>;

/** One visit as it arrived: where it landed, from which site, with which campaign parameters. */
export interface Touch {
  /** ISO date-time. */
  at: string;
  /** The landing page's path (no query: it may hold what a visitor typed elsewhere). */
  landing: string;
  /** The referring site's origin, or null for none or this site. */
  referrer: string | null;
  utm: Partial<Record<UtmKey, string>>;
  clickIds: ClickIds;
}

/**
 * What a lead carries: this visit, and the first and the latest visits within
 * ATTRIBUTION_MAX_DAYS that carried campaign parameters (null when none did).
 */
export interface Attribution {
  visit: Touch;
  first: Touch | null;
  last: Touch | null;
  /** Whether the visitor allowed marketing when they sent it: the ad platforms hear of the lead only then. */
  marketing: boolean;
}

const UTM_MAX = 150;
const PATH_MAX = 300;
const ORIGIN_MAX = 200;
/** The raw JSON a post may carry; anything longer is dropped unread. */
export const ATTRIBUTION_MAX_CHARS = 4096;
const CLICK_ID = /^[\w.~-]{1,300}$/;
const PATH = /^\/[\x21-\x7e]*$/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what it removes
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** Text as the inbox may show it: no control characters, trimmed, at most `max` characters; "" when nothing is left. */
function cleanText(value: unknown, max: number): string {
  if (typeof value !== "string") return "";
  return value.replace(CONTROL, "").trim().slice(0, max);
}

/** An http(s) URL's origin, or null. */
export function originOf(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 2000) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    return url.origin.length <= ORIGIN_MAX ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Pages whose address is someone's secret (a preview link, a booking's manage
 * link, a subscriber's mail links): a lead records the page, never the token,
 * which would otherwise sit in the inbox and its exports as a working link.
 */
const SECRET_PATH = /^(\/(?:blog\/preview|calendar\/manage|newsletter\/confirm|newsletter\/unsubscribe))\/.*$/;
const withoutSecret = (path: string) => path.replace(SECRET_PATH, "$1");

function pathOf(value: unknown): string {
  return typeof value === "string" && value.length <= PATH_MAX && PATH.test(value) ? withoutSecret(value) : "/";
}

function utmOf(read: (key: UtmKey) => unknown): Touch["utm"] {
  const utm: Touch["utm"] = {};
  for (const key of utmKeys) {
    const value = cleanText(read(key), UTM_MAX);
    if (value) utm[key] = value;
  }
  return utm;
}

function clickIdsOf(read: (key: ClickIdKey) => unknown): ClickIds {
  const ids: ClickIds = {};
  for (const key of clickIdKeys) {
    const value = read(key);
    if (typeof value === "string" && CLICK_ID.test(value)) ids[key] = value;
  }
  return ids;
}

/**
 * The touch of a page load as the browser (or, for a post without
 * JavaScript, the server) sees it: its path, its campaign parameters and its
 * referrer's origin (none when the referrer is this site). Lean on purpose:
 * it runs on every public page; parseAttribution checks every value when a
 * post arrives.
 */
export function touchOf(url: URL, referrer: string | null | undefined, at: Date, ownOrigins: readonly string[] = []): Touch {
  const pick = (keys: readonly string[]) =>
    Object.fromEntries(keys.flatMap((key) => (url.searchParams.get(key) ? [[key, url.searchParams.get(key)!.slice(0, 300)]] : [])));
  let from: string | null = null;
  try {
    from = referrer ? new URL(referrer).origin : null;
  } catch {
    // Not a URL: no referrer.
  }
  return {
    at: at.toISOString(),
    landing: withoutSecret(url.pathname),
    referrer: from && from !== "null" && from !== url.origin && !ownOrigins.includes(from) ? from : null,
    utm: pick(utmKeys),
    clickIds: pick(clickIdKeys),
  };
}

/** Whether a touch came from a campaign: UTM parameters or an ad click id. */
export function isCampaign(touch: Touch): boolean {
  return Object.keys(touch.utm).length > 0 || Object.keys(touch.clickIds).length > 0;
}

export function withoutClickIds(touch: Touch): Touch {
  return { ...touch, clickIds: {} };
}

/** A touch read back from storage or a post, or null when it is no touch or older than ATTRIBUTION_MAX_DAYS. */
function asTouch(value: unknown, now: Date): Touch | null {
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  const at = typeof record.at === "string" && record.at.length <= 40 ? new Date(record.at) : new Date(Number.NaN);
  const age = now.getTime() - at.getTime();
  // A clock a day ahead is a visitor's clock, not a forgery worth refusing.
  if (Number.isNaN(age) || age > ATTRIBUTION_MAX_DAYS * DAY_MS || age < -DAY_MS) return null;
  const field = (name: string) =>
    typeof record[name] === "object" && record[name] !== null ? (record[name] as Record<string, unknown>) : {};
  const utm = field("utm");
  const clickIds = field("clickIds");
  return {
    at: at.toISOString(),
    landing: pathOf(record.landing),
    referrer: originOf(record.referrer),
    utm: utmOf((key) => utm[key]),
    clickIds: clickIdsOf((key) => clickIds[key]),
  };
}

/**
 * A post's attribution, checked field by field: what does not pass is dropped,
 * never the lead. Null when there is nothing usable.
 */
export function parseAttribution(raw: unknown, now: Date): Attribution | null {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > ATTRIBUTION_MAX_CHARS) return null;
  const value = parseJson(raw);
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  const visit = asTouch(record.visit, now);
  if (!visit) return null;
  const campaign = (touch: Touch | null) => (touch && isCampaign(touch) ? touch : null);
  const marketing = record.marketing === true;
  // Click ids travel only with consent; a post that says otherwise keeps none.
  const checked = (touch: Touch | null) => (touch && !marketing ? withoutClickIds(touch) : touch);
  return {
    visit: checked(visit)!,
    first: checked(campaign(asTouch(record.first, now))),
    last: checked(campaign(asTouch(record.last, now))),
    marketing,
  };
}

function parseJson(raw: string | null): unknown {
  try {
    return JSON.parse(raw ?? "null");
  } catch {
    return null;
  }
}

export interface Channel {
  source: string;
  medium: string;
  campaign: string | null;
}

/** The search engines whose visits without campaign parameters count as organic search. */
const searchEngines = /(^|\.)(google|bing|duckduckgo|yahoo|ecosia|yandex|baidu|brave)\.[a-z.]+$/;

/** The ad platform a click id belongs to, when the visit carried no utm_source. */
const clickIdChannels: Record<ClickIdKey, { source: string; medium: string }> = {
  gclid: { source: "google", medium: "cpc" },
  gbraid: { source: "google", medium: "cpc" },
  wbraid: { source: "google", medium: "cpc" },
  msclkid: { source: "bing", medium: "cpc" },
  li_fat_id: { source: "linkedin", medium: "paid-social" },
  fbclid: { source: "facebook", medium: "social" },
};

/**
 * Which channel a touch counts for, as analytics tools name them: its UTM
 * parameters; else the ad platform of its click id; else its referrer
 * (a search engine is organic, any other site a referral); else direct.
 */
export function channelOf(touch: Touch): Channel {
  const campaign = touch.utm.utm_campaign ?? null;
  const kind = (Object.keys(touch.clickIds) as ClickIdKey[])[0];
  const paid = kind ? clickIdChannels[kind] : null;
  if (touch.utm.utm_source) {
    return {
      source: touch.utm.utm_source.toLowerCase(),
      medium: touch.utm.utm_medium?.toLowerCase() ?? paid?.medium ?? "(not set)",
      campaign,
    };
  }
  if (paid) return { ...paid, campaign };
  if (touch.referrer) {
    const host = new URL(touch.referrer).hostname.replace(/^www\./, "");
    return { source: host, medium: searchEngines.test(host) ? "organic" : "referral", campaign };
  }
  return { source: "(direct)", medium: "(none)", campaign };
}

/** A channel as the inbox, the report and the CSV name it: "google / cpc". */
export function channelName(source: string, medium: string | null): string {
  return `${source} / ${medium ?? ""}`;
}

/** The lead's channel: the latest campaign touch's, else this visit's. */
export function leadChannel(attribution: Attribution | null): Channel {
  if (!attribution) return { source: "(unknown)", medium: "(unknown)", campaign: null };
  return channelOf(attribution.last ?? attribution.visit);
}
