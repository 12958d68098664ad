import type { BotCheck } from "#server/db/columns.ts";

/** A captcha service that checks the token a visitor's browser obtained. */
export interface CaptchaProvider {
  /** Recorded with the lead as its bot check. */
  readonly method: Exclude<BotCheck, "noscript">;
  /**
   * True only when the provider confirms the token. A malformed token, a refusal
   * or an unreachable provider are all false: the visitor sees one message.
   */
  verify(token: string, clientAddress: string): Promise<boolean>;
}
