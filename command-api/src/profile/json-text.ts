/**
 * JSON as text an archive entry streams: an array written one item at a time (so a list of
 * thousands never becomes one string), each item on its own lines, indented for a person to read.
 */
export async function* jsonArray(items: AsyncIterable<unknown> | Iterable<unknown>): AsyncGenerator<string> {
  let first = true;
  let batch = '';
  for await (const item of items) {
    batch += `${first ? '[\n' : ',\n'}${indent(JSON.stringify(item, null, 2))}`;
    first = false;
    // Chunks of ~64 KB: fewer, larger writes through the compressor, and still a bounded buffer.
    if (batch.length >= 65_536) {
      yield batch;
      batch = '';
    }
  }
  yield `${batch}${first ? '[]\n' : '\n]\n'}`;
}

const indent = (text: string) => text.replace(/^/gm, '  ');

/** One value as a JSON file. */
export const jsonFile = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
