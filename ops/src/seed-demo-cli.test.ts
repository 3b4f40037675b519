import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from './seed-demo-cli';

describe('the seed job (seed-demo-cli)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('stops with the configuration’s own message, before anything opens', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await main({ EVENTSTORE_URL: 'kurrentdb://eventstore:2113', MONGO_URL: 'mongodb://mongo:27017', SESSION_SECRET: 'x'.repeat(40) })).toBe(1);
    expect(String(error.mock.calls[0]?.[0])).toMatch(/EVENTSTORE_URL: must start with esdb:\/\/ or esdb\+discover:\/\//);
  });
});
