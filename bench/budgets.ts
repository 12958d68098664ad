// The page budgets, in one place: `npm test` fails a page beyond them
// (tests/integration/budgets.test.ts) and `npm run bench bundle` reports them.
// docs/before-react.md says why each is what it is.

import { FIRST_ROUND_TRIP_BODY_BYTES } from "#server/http/first-round-trip.ts";

/**
 * A document's body as sent with brotli: within the first round trip of a new
 * connection (decision 0023), headers aside, so the page paints a round trip
 * sooner. The server compresses a page harder when that brings it within.
 */
export const DOCUMENT_BUDGET_BYTES = FIRST_ROUND_TRIP_BODY_BYTES;

/**
 * What a new connection's first round trip carries: TCP's initial window of ten
 * segments of 1,460 bytes, as Lighthouse's simulation and most servers have it.
 * The bench reports whether body and HTTP/1.1 headers together fit it.
 */
export const FIRST_ROUND_TRIP_BYTES = 10 * 1460;

/**
 * The JavaScript a page runs at load, before the visitor does anything (its inline
 * scripts and those it asks for by src), gzipped: the targets (docs/performance-targets.md) for pages a visitor
 * only reads and pages with a form of their own. React (about 140 KB) loads on intent.
 */
export const FIRST_LOAD_TARGET = { content: 90 * 1024, form: 120 * 1024 } as const;
