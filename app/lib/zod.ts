// zod's mini build: the same schemas and messages as the classic API, written as
// functions (z.optional(...), .check(z.maxLength(...))) so a page ships only the
// checks its forms use (docs/decisions/0018).
import * as z from "zod/mini";

// zod 4 probes for eval support with Function(""), which the Content-Security-Policy
// (no 'unsafe-eval') refuses and browsers report as a violation. Schemas that run in
// the browser import z from here, so the probe never happens.
z.config({ jitless: true });

export { z };
