import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

const url = process.env.MONGO_URL;
readStoreContract(
  'MongoDB (set MONGO_URL to run)',
  url ? { open: () => MongoReadStore.connect(url, 'kainga_contract'), reopen: () => MongoReadStore.connect(url, 'kainga_contract') } : null,
);
