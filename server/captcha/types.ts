import type { BotCheck } from "#server/db/columns.ts";

export interface CaptchaProvider {
  readonly method: Exclude<BotCheck, "noscript">;
  /** A malformed token, a refusal and an unreachable provider are all false: the visitor sees one message. */
  verify(token: string, clientAddress: string): Promise<boolean>;
}
