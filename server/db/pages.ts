/**
 * Long reads (exports, reports) page by page. On SQLite every query runs on
 * the server's one thread, and awaiting one gives way to nothing but other
 * promises: a read of every lead in one go held every visitor, and /healthz,
 * until it ended. So each page is a keyset query of its own (the next after
 * the last row's key, never an offset or a list of keys), and other requests
 * are answered between pages (docs/decisions/0028-exports-in-pages-and-mailbox-identity.md).
 */

/** Lets the requests that arrived meanwhile run before the next page: a macrotask, after the I/O already waiting. */
function answerOthersFirst(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Every page of a keyset query, in order: `read` gets the key of the last row
 * so far (undefined for the first page) and answers at most `size` rows. The
 * work done with a page (the caller's, between two `next()` calls) counts with
 * its query before others are let in.
 */
export async function* keysetPages<Row, Key>(
  size: number,
  read: (after: Key | undefined, size: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
): AsyncGenerator<Row[]> {
  let after: Key | undefined;
  for (;;) {
    const page = await read(after, size);
    if (page.length) yield page;
    if (page.length < size) return;
    after = keyOf(page.at(-1)!);
    await answerOthersFirst();
  }
}
