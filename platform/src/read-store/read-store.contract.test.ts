import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mongoTestServer } from '../testing/mongo-test-server';
import { readStoreContract } from '../testing/read-store-contract';
import { EmbeddedReadStore } from './embedded-read-store';
import { MongoReadStore } from './mongo-read-store';

let file = '';
readStoreContract('embedded (mingo + SQLite)', {
  open: async () => {
    file = join(mkdtempSync(join(tmpdir(), 'kainga-rs-')), 'read.sqlite');
    return new EmbeddedReadStore(file);
  },
  reopen: async () => new EmbeddedReadStore(file),
});

// FerretDB (no multi-document transactions: commits go through the rollback journal) unless MONGO_URL names a server.
const mongo = mongoTestServer();
readStoreContract('MongoDB (FerretDB, or MONGO_URL)', {
  open: async () => MongoReadStore.connect(await mongo.url(), 'kainga_contract'),
  reopen: async () => MongoReadStore.connect(await mongo.url(), 'kainga_contract'),
  missingKeysCollide: (store) => (store as MongoReadStore).ferretdb === null,
});
