import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blobStoreContract } from '../testing/blob-store-contract';
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

const url = process.env.MONGO_URL;
blobStoreContract(
  'MongoDB GridFS (set MONGO_URL to run)',
  url ? { open: () => GridFsBlobStore.connect(url, 'kainga_contract'), reopen: () => GridFsBlobStore.connect(url, 'kainga_contract') } : null,
);
