import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventStoreContract } from '../testing/event-store-contract';
import { EsdbEventStore } from './esdb-event-store';
import { SqliteEventStore } from './sqlite-event-store';

let file = '';
eventStoreContract('SQLite (embedded)', {
  open: async () => {
    file = join(mkdtempSync(join(tmpdir(), 'kainga-es-')), 'events.sqlite');
    return new SqliteEventStore(file);
  },
  reopen: async () => new SqliteEventStore(file),
  globalEventIds: true,
});

const url = process.env.EVENTSTORE_URL;
eventStoreContract(
  'EventStoreDB (set EVENTSTORE_URL to run)',
  url ? { open: async () => new EsdbEventStore(url), reopen: async () => new EsdbEventStore(url), globalEventIds: false } : null,
);
