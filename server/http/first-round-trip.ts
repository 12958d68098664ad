/** Decision 0023. On its own so that the bench reads it without the server's modules. */
export const FIRST_ROUND_TRIP_BODY_BYTES = 14 * 1024;
