// On SQLite a long read held every visitor until it ended: keyset pages with others answered between (docs/decisions/0028).

/** A macrotask: the requests already waiting run before the next page. */
function answerOthersFirst(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

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
