import { format } from "node:util";
import { afterAll, afterEach, beforeEach } from "vitest";

/**
 * Set up for every test file (vitest.config.ts): a test fails when
 * console.error is called in the test process while it runs, unless the test
 * first named that message with allowConsoleError. What is logged outside a
 * test (a hook, an import) fails the test that follows, or the file at its end.
 * The browser's console is checked by tests/support/e2e.ts.
 */

let allowed: RegExp[] = [];
let unexpected: string[] = [];

const consoleError = console.error;
console.error = (...args: unknown[]) => {
  const text = format(...args);
  if (!allowed.some((pattern) => pattern.test(text))) unexpected.push(text);
  consoleError(...args);
};

/** Declares that the running test expects console.error with a message matching one of `patterns`. */
export function allowConsoleError(...patterns: RegExp[]): void {
  allowed.push(...patterns);
}

function failOnUnexpected(where: string): void {
  const logged = unexpected;
  unexpected = [];
  if (logged.length > 0) throw new Error(`console.error ${where}:\n${logged.map((text) => `  ${text}`).join("\n")}`);
}

beforeEach(() => failOnUnexpected("before this test (in a hook or an import)"));
afterEach(() => {
  allowed = [];
  failOnUnexpected("in this test, not declared with allowConsoleError");
});
afterAll(() => failOnUnexpected("after the last test (in a hook)"));
