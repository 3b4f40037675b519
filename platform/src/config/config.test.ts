import { parseConnectionString } from '@eventstore/db-client/dist/Client/parseConnectionString';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, metricsEnabled } from './config';

describe('loadConfig', () => {
  it('gives the embedded defaults on an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, DATA_DIR: './data', SEED_DEMO: true, TRUST_PROXY: false, ADMIN_EMAILS: [], ROLE: 'all' });
    expect(c.EVENTSTORE_URL).toBeUndefined();
  });

  it('parses lists and booleans', () => {
    const c = loadConfig({ ADMIN_EMAILS: ' A@x.nz, b@y.nz ,', SEED_DEMO: 'false', PORT: '8080', ALLOWED_HOSTS: 'Kainga.nz, www.kainga.nz' });
    expect(c).toMatchObject({ ADMIN_EMAILS: ['a@x.nz', 'b@y.nz'], SEED_DEMO: false, PORT: 8080, ALLOWED_HOSTS: ['kainga.nz', 'www.kainga.nz'], REQUEST_TIMEOUT_MS: 10_000 });
  });

  it('trusts a number of proxy hops or a list of proxies, never any proxy at all', () => {
    const trust = (v: string) => loadConfig({ TRUST_PROXY: v }).TRUST_PROXY;
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('')).toBe(false);
    // `true` used to trust every X-Forwarded-For entry; it now means the one proxy in front.
    expect(trust('true')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 127.0.0.1,::1, fd00::/8,loopback,192.168.0.0/255.255.0.0')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback', '192.168.0.0/255.255.0.0']);
    for (const wrong of ['maybe', '11', '10.0.0.0/33', '10.0.0.300', 'proxy.example']) {
      expect(() => trust(wrong)).toThrow(/TRUST_PROXY: must be false, a number of proxy hops/);
    }
  });

  it('names the variable of a wrong value', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO: must be true or false/);
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET: must be at least 32 characters/);
    expect(() => loadConfig({ MONGO_URL: 'http://x' })).toThrow(/MONGO_URL/);
    expect(() => loadConfig({ ALLOWED_HOSTS: 'https://kainga.nz' })).toThrow(/ALLOWED_HOSTS: must be comma-separated host names/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://' })).toThrow(/PUBLIC_URL: must be a URL/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(ConfigError);
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
  });

  it('takes the EventStoreDB/KurrentDB URLs the installed client parses, and only those', () => {
    // Checked against the client's own parser, so a client upgrade that changes the schemes fails here.
    const clientAccepts = (url: string) => {
      try {
        parseConnectionString(url);
        return true;
      } catch {
        return false;
      }
    };
    const configAccepts = (url: string) => {
      try {
        return loadConfig({ EVENTSTORE_URL: url }).EVENTSTORE_URL === url.trim();
      } catch (error) {
        expect((error as Error).message).toMatch(/EVENTSTORE_URL: must start with esdb:\/\/ or esdb\+discover:\/\/, e\.g\. esdb:\/\/eventstore:2113\?tls=false/);
        return false;
      }
    };
    const urls = [
      'esdb://eventstore:2113?tls=false',
      'esdb://admin:changeit@localhost:2113',
      'esdb+discover://cluster.example:2113?tls=true',
      'kurrentdb://localhost:2113?tls=false',
      'kdb://localhost:2113?tls=false',
      'kurrentdb+discover://cluster.example:2113',
      'ESDB://localhost:2113',
      'http://localhost:2113',
      'localhost:2113',
    ];
    expect(urls.map(configAccepts)).toEqual(urls.map(clientAccepts));
    expect(urls.filter(configAccepts)).toEqual(urls.slice(0, 3));
    expect(() => loadConfig({ EVENTSTORE_URL: 'kurrentdb://localhost:2113' })).toThrow(/kurrentdb:\/\/ and kdb:\/\/ are not understood by the installed @eventstore\/db-client/);
  });

  it('takes an SMTP server and a sender, and wants a real sender domain with SMTP', () => {
    const none = loadConfig({});
    expect([none.SMTP_URL, none.EMAIL_FROM]).toEqual([undefined, undefined]);
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example:465', EMAIL_FROM: ' Kāinga <no-reply@kainga.nz> ' })).toMatchObject({
      SMTP_URL: 'smtps://u:p@mail.example:465',
      EMAIL_FROM: 'Kāinga <no-reply@kainga.nz>',
    });
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example', PUBLIC_URL: 'https://kainga.nz' }).SMTP_URL).toBe('smtp://mail.example');
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example' })).toThrow(/EMAIL_FROM: must be set with SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'mail.example:587', EMAIL_FROM: 'a@kainga.nz' })).toThrow(/SMTP_URL: must start with smtp:\/\/ or smtps:\/\//);
    expect(() => loadConfig({ SMTP_URL: 'smtp://', EMAIL_FROM: 'a@kainga.nz' })).toThrow(/SMTP_URL: must be a URL/);
    for (const wrong of ['no-reply', 'Kāinga <no-reply>', 'a@kainga.nz\nBcc: b@x.nz', 'Kāinga <a@kainga.nz']) {
      expect(() => loadConfig({ EMAIL_FROM: wrong }), wrong).toThrow(/EMAIL_FROM: must be an address or "Name <address>"/);
    }
  });

  it('takes the three Stripe keys together, and refuses half a setup naming what is missing', () => {
    const none = loadConfig({});
    expect([none.STRIPE_SECRET_KEY, none.STRIPE_PUBLISHABLE_KEY, none.STRIPE_WEBHOOK_SECRET, none.STRIPE_API_URL]).toEqual([undefined, undefined, undefined, undefined]);
    const keys = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };
    expect(loadConfig({ ...keys, STRIPE_API_URL: 'http://127.0.0.1:12111' })).toMatchObject({ ...keys, STRIPE_API_URL: 'http://127.0.0.1:12111' });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY })).toThrow(/STRIPE_PUBLISHABLE_KEY: must be set together with STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY })).toThrow(/STRIPE_WEBHOOK_SECRET: must be set together with STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ STRIPE_PUBLISHABLE_KEY: keys.STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: keys.STRIPE_WEBHOOK_SECRET })).toThrow(/STRIPE_SECRET_KEY: must be set together/);
    expect(() => loadConfig({ ...keys, STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123' })).toThrow(/STRIPE_PUBLISHABLE_KEY: is a live key but STRIPE_SECRET_KEY is a test key/);
    expect(() => loadConfig({ ...keys, STRIPE_SECRET_KEY: 'pk_test_abc123' })).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
    expect(() => loadConfig({ ...keys, STRIPE_WEBHOOK_SECRET: 'abc' })).toThrow(/STRIPE_WEBHOOK_SECRET: must be a Stripe webhook signing secret/);
    expect(() => loadConfig({ ...keys, STRIPE_API_URL: 'localhost:12111' })).toThrow(/STRIPE_API_URL: must start with http:\/\/ or https:\/\//);
  });

  it('never repeats a secret in an error', () => {
    const error = (() => {
      try {
        loadConfig({ STRIPE_SECRET_KEY: 'sk_live_not-a-real-key', STRIPE_PUBLISHABLE_KEY: 'pk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error?.message).toMatch(/STRIPE_SECRET_KEY: must be a Stripe secret key, e.g. sk_test_… \(got a secret of 22 characters, not shown\)/);
    expect(error?.message).not.toContain('not-a-real-key');
  });

  it('never repeats a URL’s password in an error', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mailer:s3cret@mail.example' })).toThrow('(got "http://mailer:***@mail.example")');
    expect(() => loadConfig({ MONGO_URL: 'http://u:p@ss@db' })).toThrow('(got "http://u:***@db")');
  });

  it('serves metrics only when METRICS_PORT or METRICS_TOKEN is set, an empty line of .env.example being unset', () => {
    expect(metricsEnabled(loadConfig({}))).toBe(false);
    expect(metricsEnabled(loadConfig({ METRICS_PORT: '', METRICS_TOKEN: '' }))).toBe(false);
    expect(loadConfig({ METRICS_PORT: '9464' })).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: '127.0.0.1' });
    expect(metricsEnabled(loadConfig({ METRICS_PORT: '9464' }))).toBe(true);
    expect(metricsEnabled(loadConfig({ METRICS_TOKEN: 'x'.repeat(32) }))).toBe(true);
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow('METRICS_PORT: must be a port number (got "nine")');
    expect(() => loadConfig({ METRICS_TOKEN: 'short-token' })).toThrow('METRICS_TOKEN: must be at least 32 characters (got a secret of 11 characters, not shown)');
  });
});
