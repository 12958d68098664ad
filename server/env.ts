import { z } from "zod";

/**
 * Every setting the site reads, parsed once at start. No other module reads
 * process.env; a bad value stops the process with the variable's name.
 * Keep .env.example and the README's table in step with this schema
 * (tests/unit/env.test.ts checks they list the same variables).
 */
const port = z.coerce.number().int().min(0).max(65535);

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: port.default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  SITE_URL: z
    .url({ protocol: /^https?$/ })
    .default("http://localhost:3000")
    .transform((url) => url.replace(/\/+$/, "")),
  DATA_DIR: z.string().min(1).default("./data"),
  TRUST_PROXY: z
    .enum(["none", "x-forwarded-for", "x-real-ip", "cf-connecting-ip"])
    .default("none")
    .describe("which proxy header names the client address"),
  LOG_LEVEL: z.enum(["error", "warn", "info", "debug"]).default("info"),
  GA_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]+$/, "a Google Analytics 4 measurement id looks like G-XXXXXXXXXX")
    .optional()
    .describe("turns on Google Analytics 4, behind the visitor's cookie consent"),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  override name = "EnvError";
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const defined = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(defined);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Invalid settings:\n${lines.join("\n")}`);
  }
  return result.data;
}

let cached: Env | undefined;

/** The process's settings, parsed on first use. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
