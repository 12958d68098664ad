import { log } from "#server/log.ts";

/**
 * A kind of live content (articles, site content): it keeps its own reading
 * and preparing code and offers the publishing service these two.
 */
export interface PublishedKind {
  /** Named in logs and in `publish()`. */
  name: string;
  /** Reads the records when they changed since the last look, and prepares the pages that show them. */
  refresh(): Promise<void>;
  /** Prepares those pages again from what is held. */
  prepare(): Promise<void>;
}

/**
 * The publish path of every kind, in one place (docs/decisions/0057): one poll
 * for all kinds, so a save on another instance is live here within `pollMs`,
 * and one `publish()` through which every inbox write goes, refreshing that
 * kind on this instance before it answers, so no writer can forget to.
 */
export class Publishing {
  readonly #kinds = new Map<string, PublishedKind>();
  /** Refreshes under way, by the poll or by a publish: a stop waits for them. */
  readonly #running = new Set<Promise<void>>();
  #polling: Promise<void> | undefined;
  #stopped = false;
  #wake: (go: boolean) => void = () => undefined;

  /** Adds a kind where it is built; the poll looks at it from its next round on. */
  register(kind: PublishedKind): void {
    if (this.#kinds.has(kind.name)) throw new Error(`Publishing: "${kind.name}" is registered twice`);
    this.#kinds.set(kind.name, kind);
  }

  /** Writes through `write`; a write that took (`ok`) is live on this instance when this returns. */
  async publish<Result extends { ok: boolean }>(name: string, write: () => Promise<Result>): Promise<Result> {
    const kind = this.#kinds.get(name);
    if (!kind) throw new Error(`Publishing: no kind "${name}" is registered`);
    const result = await write();
    if (result.ok) await this.#refresh(kind);
    return result;
  }

  /** Refreshes every kind now (failures throw: a start without content is no start), then every `pollMs` until stopped. */
  async start(pollMs: number): Promise<void> {
    for (const kind of this.#kinds.values()) await this.#refresh(kind);
    this.#polling = (async () => {
      for (;;) {
        // A stop during a look finds no wait to wake: the flag ends the loop after that look.
        const go = await new Promise<boolean>((resolve) => {
          if (this.#stopped) return resolve(false);
          this.#wake = resolve;
          setTimeout(resolve, pollMs, true).unref();
        });
        if (!go) return;
        for (const kind of this.#kinds.values()) {
          if (this.#stopped) break;
          await this.#refresh(kind).catch((error: unknown) =>
            log.warn(`Publishing: could not read the ${kind.name} (${String(error)}); readers see the last read`),
          );
        }
      }
    })();
  }

  /** Ends the poll, even when asked during a look, and waits for the refreshes under way. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#wake(false);
    await this.#polling;
    await Promise.allSettled([...this.#running]);
  }

  #refresh(kind: PublishedKind): Promise<void> {
    const running = kind.refresh();
    this.#running.add(running);
    const forget = () => this.#running.delete(running);
    running.then(forget, forget);
    return running;
  }
}
