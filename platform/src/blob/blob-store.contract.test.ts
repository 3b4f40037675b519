import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blobStoreContract } from '../testing/blob-store-contract';
import { mongoTestServer } from '../testing/mongo-test-server';
import { FileBlobStore } from './file-blob-store';
import { GridFsBlobStore } from './gridfs-blob-store';

let dir = '';
blobStoreContract('files (embedded)', {
  open: async () => {
    dir = join(mkdtempSync(join(tmpdir(), 'kainga-blobs-')), 'blobs');
    return new FileBlobStore(dir);
  },
  reopen: async () => new FileBlobStore(dir),
});

// FerretDB unless MONGO_URL names a server.
const mongo = mongoTestServer();
blobStoreContract('MongoDB GridFS (FerretDB, or MONGO_URL)', {
  open: async () => GridFsBlobStore.connect(await mongo.url(), 'kainga_contract'),
  reopen: async () => GridFsBlobStore.connect(await mongo.url(), 'kainga_contract'),
});
