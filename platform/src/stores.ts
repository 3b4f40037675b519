import { join, resolve } from 'node:path';
import type { BlobStore } from './blob/blob-store';
import { FileBlobStore } from './blob/file-blob-store';
import type { Config } from './config/config';
import { makeDataDir } from './config/data-dir';
import type { CredentialStore } from './credentials/credential-store';
import { SqliteCredentialStore } from './credentials/sqlite-credential-store';
import type { EventStore } from './event-store/event-store';
import { SqliteEventStore } from './event-store/sqlite-event-store';
import { EmbeddedReadStore } from './read-store/embedded-read-store';
import type { ReadStore } from './read-store/read-store';
import { MeteredEventStore } from './metrics/event-store-metrics';
import { makeSqliteFilePrivate } from './private-file';
import { CachedVaultKeys } from './personal-data/cached-vault-keys';
import { PersonalDataEventStore } from './personal-data/personal-data-event-store';
import type { PersonalDataVault } from './personal-data/personal-data-vault';
import { PersonalEventCodec } from './personal-data/personal-event-codec';
import { SqlitePersonalDataVault } from './personal-data/sqlite-personal-data-vault';

export interface Stores {
  /** The log as every area reads and writes it: personal fields sealed under keys of the vault (personal-data/). */
  eventStore: EventStore;
  /** The keys of personal data, kept outside the log: erasing a person destroys theirs. */
  personalKeys: CachedVaultKeys;
  readStore: ReadStore;
  credentials: CredentialStore;
  /** Uploaded bytes: GridFS with MONGO_URL, else files in DATA_DIR/blobs. */
  blobStore: BlobStore;
  /** Which adapters were chosen, for logs and /api/ready. */
  describe: { eventStore: string; readStore: string; blobStore: string };
  close(): Promise<void>;
}

/** Chooses every adapter from configuration alone: a URL means the server, none means embedded. */
export async function openStores(config: Pick<Config, 'DATA_DIR' | 'EVENTSTORE_URL' | 'MONGO_URL' | 'MONGO_DB'>): Promise<Stores> {
  const dir = resolve(config.DATA_DIR);
  if (!config.EVENTSTORE_URL || !config.MONGO_URL) makeDataDir(dir);
  // The event log holds personal data and the read models hold session ids: this user's only.
  const privateFile = (name: string) => {
    makeSqliteFilePrivate(join(dir, name));
    return join(dir, name);
  };
  // Server clients are imported only when configured, so the embedded default starts lean.
  const rawLog: EventStore = config.EVENTSTORE_URL
    ? new (await import('./event-store/esdb-event-store')).EsdbEventStore(config.EVENTSTORE_URL)
    : new SqliteEventStore(privateFile('events.sqlite'));
  // Appends timed and conflicts counted at the log itself (the vault's sealing is not the store's time).
  const log: EventStore = new MeteredEventStore(rawLog, config.EVENTSTORE_URL ? 'eventstoredb' : 'sqlite');
  // The vault lives where the read models do: MongoDB when distributed, else DATA_DIR — never in the log.
  const vault: PersonalDataVault = config.MONGO_URL
    ? await (await import('./personal-data/mongo-personal-data-vault')).MongoPersonalDataVault.connect(config.MONGO_URL, config.MONGO_DB)
    : new SqlitePersonalDataVault(join(dir, 'personal-keys.sqlite'));
  const personalKeys = new CachedVaultKeys(vault);
  const eventStore: EventStore = new PersonalDataEventStore(log, new PersonalEventCodec(personalKeys));
  const readStore: ReadStore = config.MONGO_URL
    ? await (await import('./read-store/mongo-read-store')).MongoReadStore.connect(config.MONGO_URL, config.MONGO_DB)
    : new EmbeddedReadStore(privateFile('read-models.sqlite'));
  const credentials: CredentialStore = config.MONGO_URL
    ? await (await import('./credentials/mongo-credential-store')).MongoCredentialStore.connect(config.MONGO_URL, config.MONGO_DB)
    : new SqliteCredentialStore(join(dir, 'credentials.sqlite'));
  const gridFs = config.MONGO_URL ? await (await import('./blob/gridfs-blob-store')).GridFsBlobStore.connect(config.MONGO_URL, config.MONGO_DB) : undefined;
  const blobStore: BlobStore = gridFs ?? new FileBlobStore(join(dir, 'blobs'));
  return {
    eventStore,
    personalKeys,
    readStore,
    credentials,
    blobStore,
    describe: {
      eventStore: config.EVENTSTORE_URL ? 'eventstoredb' : 'sqlite',
      readStore: config.MONGO_URL ? 'mongodb' : 'embedded',
      blobStore: config.MONGO_URL ? 'gridfs' : 'files',
    },
    close: async () => {
      await eventStore.close();
      await vault.close();
      await readStore.close();
      await credentials.close();
      await gridFs?.close();
    },
  };
}
