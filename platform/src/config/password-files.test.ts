import { parseConnectionString } from '@eventstore/db-client/dist/Client/parseConnectionString';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const secret = (content: string) => {
  const file = join(mkdtempSync(join(tmpdir(), 'password-file-')), 'secret');
  writeFileSync(file, content);
  return file;
};
const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('password files (MONGO_PASSWORD_FILE, EVENTSTORE_PASSWORD_FILE)', () => {
  it('put the file’s password into the URL for its user, percent-encoded', () => {
    // A password with the characters a URL reserves, and the newline `openssl rand … >file` leaves.
    const password = 'p@ss:w/rd?#%&=+ ';
    const c = loadConfig({
      MONGO_URL: 'mongodb://kainga@mongo:27017/?replicaSet=rs0&authSource=admin',
      MONGO_PASSWORD_FILE: secret(`${password}x\n`),
      EVENTSTORE_URL: 'esdb://admin@eventstore:2113?tls=true&tlsCAFile=/certs/ca/ca.crt',
      EVENTSTORE_PASSWORD_FILE: secret('changed-it\n'),
    });
    const mongo = new URL(c.MONGO_URL!);
    expect([decodeURIComponent(mongo.username), decodeURIComponent(mongo.password), mongo.host, mongo.search]).toEqual(['kainga', `${password}x`, 'mongo:27017', '?replicaSet=rs0&authSource=admin']);
    // What the event store client makes of it.
    const esdb = parseConnectionString(c.EVENTSTORE_URL!);
    expect(esdb.defaultCredentials).toEqual({ username: 'admin', password: 'changed-it' });
    expect(esdb).toMatchObject({ tls: true, tlsCAFile: '/certs/ca/ca.crt', hosts: [{ address: 'eventstore', port: 2113 }] });
  });

  it('leave URLs alone when unset', () => {
    expect(loadConfig({ MONGO_URL: 'mongodb://u:p@mongo:27017/' }).MONGO_URL).toBe('mongodb://u:p@mongo:27017/');
  });

  it('say what is wrong, never repeating a password', () => {
    const file = secret('s3cret-value');
    expect(problems({ MONGO_PASSWORD_FILE: file })).toEqual(["MONGO_PASSWORD_FILE: is set but MONGO_URL is not; the password is for MONGO_URL's user"]);
    expect(problems({ MONGO_URL: 'mongodb://mongo:27017/', MONGO_PASSWORD_FILE: file })).toEqual([
      'MONGO_URL: must name the user whose password is in MONGO_PASSWORD_FILE, e.g. mongodb://kainga@mongo:27017/?replicaSet=rs0',
    ]);
    expect(problems({ EVENTSTORE_URL: 'esdb://admin:other@eventstore:2113', EVENTSTORE_PASSWORD_FILE: file })).toEqual([
      'EVENTSTORE_URL: has a password of its own while EVENTSTORE_PASSWORD_FILE is set; keep it in the file only',
    ]);
    expect(problems({ MONGO_URL: 'mongodb://kainga@mongo:27017/', MONGO_PASSWORD_FILE: '/run/secrets/missing' })).toEqual(['MONGO_PASSWORD_FILE: cannot read /run/secrets/missing (ENOENT)']);
    const empty = secret('\n');
    expect(problems({ MONGO_URL: 'mongodb://kainga@mongo:27017/', MONGO_PASSWORD_FILE: empty })).toEqual([`MONGO_PASSWORD_FILE: ${empty} is empty; write the password into it`]);
    expect(JSON.stringify(problems({ MONGO_URL: 'mongodb://kainga@mongo:27017/', MONGO_PASSWORD_FILE: file, PORT: 'x' }))).not.toContain('s3cret-value');
  });
});
