import { describe, expect, it } from 'vitest';
import { firstAlone } from './first-ask';

describe('the first ask alone', () => {
  it('starts the later calls only once the first has answered, then all at once', async () => {
    const started: string[] = [];
    let answerFirst!: () => void;
    const call = firstAlone((name: string) => {
      started.push(name);
      return name === 'a' ? new Promise<string>((resolve) => (answerFirst = () => resolve(name))) : Promise.resolve(name);
    });
    const answers = Promise.all([call('a'), call('b'), call('c')]);
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual(['a']);
    answerFirst();
    expect(await answers).toEqual(['a', 'b', 'c']);
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('lets the others go on when the first fails', async () => {
    const call = firstAlone((fail: boolean) => (fail ? Promise.reject(new Error('offline')) : Promise.resolve('ok')));
    const [first, second] = await Promise.allSettled([call(true), call(false)]);
    expect(first.status).toBe('rejected');
    expect(second).toEqual({ status: 'fulfilled', value: 'ok' });
  });
});
