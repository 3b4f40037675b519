import { describe, expect, it } from 'vitest';
import { jsonArray } from './json-text';

async function text(items: Iterable<unknown> | AsyncIterable<unknown>) {
  let out = '';
  for await (const chunk of jsonArray(items)) out += chunk;
  return out;
}

describe('jsonArray', () => {
  it('writes an empty list as []', async () => {
    expect(JSON.parse(await text([]))).toEqual([]);
  });

  it('writes items one after another as one valid JSON array, in order', async () => {
    async function* many() {
      for (let i = 0; i < 5000; i++) yield { i, text: 'x'.repeat(20) };
    }
    const parsed = JSON.parse(await text(many()));
    expect(parsed).toHaveLength(5000);
    expect(parsed[4999]).toEqual({ i: 4999, text: 'x'.repeat(20) });
  });

  it('hands a long list over in bounded chunks rather than one string', async () => {
    const chunks: string[] = [];
    for await (const chunk of jsonArray(Array.from({ length: 5000 }, (_, i) => ({ i, text: 'y'.repeat(50) })))) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(3);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(70_000);
  });
});
