/** A place in a SortedBlocks list: block number and offset in it; the end is `{ block: blocks.length, offset: 0 }`. */
export interface Cursor {
  block: number;
  offset: number;
}

/**
 * A sorted list held as a list of sorted blocks of at most `2 × blockSize` entries, the
 * structure of Python's sortedcontainers. An insert or delete is two binary searches and a
 * splice inside one block — O(log n + blockSize), a few microseconds at a million entries —
 * where one flat sorted array would move every later entry (a millisecond at a million).
 * Walking in order, either way, is reading the blocks in turn. Entries must be distinct
 * under `compare` (the index adds the document `_id` as the last key).
 */
export class SortedBlocks<E> {
  private blocks: E[][] = [];
  private count = 0;

  constructor(
    private readonly compare: (a: E, b: E) => number,
    private readonly blockSize = 256,
  ) {}

  get size(): number {
    return this.count;
  }

  /** Replaces the content by entries already sorted (building an index: one sort, then this). */
  load(sorted: readonly E[]): void {
    this.blocks = [];
    for (let i = 0; i < sorted.length; i += this.blockSize) this.blocks.push(sorted.slice(i, i + this.blockSize));
    this.count = sorted.length;
  }

  /** The first place whose entry is not `before` (the entries that are form a prefix of the list). */
  partition(before: (e: E) => boolean): Cursor {
    const blocks = this.blocks;
    let lo = 0;
    let hi = blocks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const block = blocks[mid]!;
      if (before(block[block.length - 1]!)) lo = mid + 1;
      else hi = mid;
    }
    if (lo === blocks.length) return this.end();
    const block = blocks[lo]!;
    let a = 0;
    let b = block.length - 1; // the last entry is known not to be `before`
    while (a < b) {
      const mid = (a + b) >>> 1;
      if (before(block[mid]!)) a = mid + 1;
      else b = mid;
    }
    return { block: lo, offset: a };
  }

  end(): Cursor {
    return { block: this.blocks.length, offset: 0 };
  }

  insert(entry: E): void {
    const at = this.partition((e) => this.compare(e, entry) < 0);
    if (this.blocks.length === 0) {
      this.blocks.push([entry]);
      this.count += 1;
      return;
    }
    // After the last entry (a new event in a log ordered by time: most inserts of a live index),
    // the last block grows and is split like any other, not left to grow without end.
    const b = at.block === this.blocks.length ? at.block - 1 : at.block;
    const block = this.blocks[b]!;
    if (b === at.block) block.splice(at.offset, 0, entry);
    else block.push(entry);
    if (block.length > 2 * this.blockSize) this.blocks.splice(b + 1, 0, block.splice(this.blockSize));
    this.count += 1;
  }

  /** The entry equal to `entry` under `compare`, if there is one. */
  find(entry: E): E | undefined {
    const at = this.partition((e) => this.compare(e, entry) < 0);
    const found = this.blocks[at.block]?.[at.offset];
    return found !== undefined && this.compare(found, entry) === 0 ? found : undefined;
  }

  /**
   * Puts `replacement` in the place of the entry equal to `entry` (they must sort alike); whether
   * there was one.
   */
  swap(entry: E, replacement: E): boolean {
    const at = this.partition((e) => this.compare(e, entry) < 0);
    const block = this.blocks[at.block];
    if (!block || this.compare(block[at.offset]!, entry) !== 0) return false;
    block[at.offset] = replacement;
    return true;
  }

  /** Blocks' lengths (for tests of how the list splits). */
  blockLengths(): number[] {
    return this.blocks.map((b) => b.length);
  }

  /** Removes the entry equal to `entry` under `compare`; whether there was one. */
  delete(entry: E): boolean {
    const at = this.partition((e) => this.compare(e, entry) < 0);
    const block = this.blocks[at.block];
    if (!block || this.compare(block[at.offset]!, entry) !== 0) return false;
    block.splice(at.offset, 1);
    if (block.length === 0) this.blocks.splice(at.block, 1);
    this.count -= 1;
    return true;
  }

  /** The entries from `from` (included) to `to` (excluded), in order or in reverse. */
  *range(from: Cursor, to: Cursor, reverse = false): Generator<E> {
    const blocks = this.blocks;
    if (!reverse) {
      for (let b = from.block, i = from.offset; b < to.block || (b === to.block && i < to.offset); ) {
        const block = blocks[b]!;
        const stop = b === to.block ? to.offset : block.length;
        for (; i < stop; i++) yield block[i]!;
        b += 1;
        i = 0;
      }
      return;
    }
    let b = to.block;
    let i = to.offset;
    for (;;) {
      if (i === 0) {
        if (b === 0 || b - 1 < from.block) return;
        b -= 1;
        i = blocks[b]!.length;
      }
      const start = b === from.block ? from.offset : 0;
      for (; i > start; i--) yield blocks[b]![i - 1]!;
      if (b === from.block) return;
      i = 0;
    }
  }
}
