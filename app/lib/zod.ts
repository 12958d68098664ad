import { z } from "zod";

// zod 4 probes for eval support with Function(""), which the Content-Security-Policy
// (no 'unsafe-eval') refuses and browsers report as a violation. Schemas that run in
// the browser import z from here, so the probe never happens.
z.config({ jitless: true });

export { z };
