import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventStoreContract, type EventStoreFactory } from '../testing/event-store-contract';
import { EsdbEventStore } from './esdb-event-store';
import { SqliteEventStore } from './sqlite-event-store';

let file = '';
const sqlite: EventStoreFactory = {
  open: async () => {
    file = join(mkdtempSync(join(tmpdir(), 'kainga-es-')), 'events.sqlite');
    return new SqliteEventStore(file);
  },
  reopen: async () => new SqliteEventStore(file),
  globalEventIds: true,
};
const url = process.env.EVENTSTORE_URL;
const esdb: EventStoreFactory | null = url ? { open: async () => new EsdbEventStore(url), reopen: async () => new EsdbEventStore(url), globalEventIds: false } : null;

eventStoreContract('SQLite (embedded)', sqlite);
eventStoreContract('EventStoreDB (set EVENTSTORE_URL to run)', esdb);
