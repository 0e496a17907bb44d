/**
 * A whole list read in batches by keyset: each batch asks for the rows after the last one read (in
 * the list's order), never for an offset, so the 200th batch is as cheap as the first (an OFFSET
 * would skip every earlier row again) and rows added or removed meanwhile neither repeat nor push
 * rows out. No transaction is held between batches: a slow reader holds no connection and no
 * snapshot, at the price of showing each batch as it is when read.
 */
export async function* keysetBatches<Row>(readAfter: (after: Row | null) => Promise<Row[]>, size: number): AsyncGenerator<Row[], void, undefined> {
  let after: Row | null = null;
  for (;;) {
    const rows = await readAfter(after);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1]!;
  }
}
