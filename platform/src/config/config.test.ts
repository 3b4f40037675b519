import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives the embedded defaults on an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, DATA_DIR: './data', SEED_DEMO: true, TRUST_PROXY: false, ADMIN_EMAILS: [], ROLE: 'all' });
    expect(c.EVENTSTORE_URL).toBeUndefined();
  });

  it('parses lists and booleans', () => {
    const c = loadConfig({ ADMIN_EMAILS: ' A@x.nz, b@y.nz ,', SEED_DEMO: 'false', TRUST_PROXY: 'true', PORT: '8080' });
    expect(c).toMatchObject({ ADMIN_EMAILS: ['a@x.nz', 'b@y.nz'], SEED_DEMO: false, TRUST_PROXY: true, PORT: 8080 });
  });

  it('names the variable of a wrong value', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO: must be true or false/);
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET: must be at least 32 characters/);
    expect(() => loadConfig({ MONGO_URL: 'http://x' })).toThrow(/MONGO_URL/);
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(ConfigError);
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
  });
});
