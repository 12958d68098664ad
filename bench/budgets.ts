// The page budgets in one place, for tests/integration/budgets.test.ts and the bench; app/before-react/README.md says why.

import { FIRST_ROUND_TRIP_BODY_BYTES } from "#server/http/first-round-trip.ts";

/** Within the first round trip of a new connection, a page paints a round trip sooner (decision 0023). */
export const DOCUMENT_BUDGET_BYTES = FIRST_ROUND_TRIP_BODY_BYTES;

/** TCP's initial window of ten segments, as Lighthouse's simulation and most servers have it. */
export const FIRST_ROUND_TRIP_BYTES = 10 * 1460;

/** JavaScript run at load, gzipped (docs/performance-targets.md); React loads on intent. */
export const FIRST_LOAD_TARGET = { content: 90 * 1024, form: 120 * 1024 } as const;
