/**
 * A document's body with brotli within the first round trip of a new connection
 * (decision 0023): the page budget (bench/budgets.ts) and the size past which a
 * page is worth brotli's best (static.ts). On its own, so that the bench reads
 * it without the server's modules.
 */
export const FIRST_ROUND_TRIP_BODY_BYTES = 14 * 1024;
