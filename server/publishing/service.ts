import { log } from "#server/log.ts";

/** A kind of live content (articles, site content), polled and published here. */
export interface PublishedKind {
  name: string;
  /** Reads the records if they changed since the last look, and prepares the pages that show them. */
  refresh(): Promise<void>;
  prepare(): Promise<void>;
}

/**
 * One poll for every kind, so a save on another instance is live here within `pollMs`; every inbox
 * write goes through `publish()`, so no writer can forget to refresh (docs/decisions/0057).
 */
export class Publishing {
  readonly #kinds = new Map<string, PublishedKind>();
  readonly #running = new Set<Promise<void>>();
  #polling: Promise<void> | undefined;
  #stopped = false;
  #wake: (go: boolean) => void = () => undefined;

  register(kind: PublishedKind): void {
    if (this.#kinds.has(kind.name)) throw new Error(`Publishing: "${kind.name}" is registered twice`);
    this.#kinds.set(kind.name, kind);
  }

  /** A write that took (`ok`) is live on this instance when this returns. */
  async publish<Result extends { ok: boolean }>(name: string, write: () => Promise<Result>): Promise<Result> {
    const kind = this.#kinds.get(name);
    if (!kind) throw new Error(`Publishing: no kind "${name}" is registered`);
    const result = await write();
    if (result.ok) await this.#refresh(kind);
    return result;
  }

  /** The first refresh throws on failure: a start without content is no start. */
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

  /** Wakes a poll that is waiting, and is seen by one in the middle of a look. */
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
