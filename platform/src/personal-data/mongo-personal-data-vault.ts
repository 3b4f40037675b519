import { randomBytes } from 'node:crypto';
import { Binary, MongoClient, MongoServerError, type Collection, type Db } from 'mongodb';
import { KEY_BYTES } from './sealed-box';
import { prefixEnd, type PersonalDataVault } from './personal-data-vault';

type KeyDoc = { _id: string; person: string | null; key: Binary | null; createdAt: string; erasedAt: string | null };
type SecretDoc = { _id: string; secret: Binary };

const bytes = (b: Binary | null | undefined) => (b ? Buffer.from(b.buffer) : null);

/**
 * The vault on MongoDB: `personalKeys` ({ _id: scope, person, key, createdAt, erasedAt }) and
 * `personalVaultSecrets`. An erased key is unset in place (the tombstone stays). MongoDB's
 * storage engine may keep a destroyed value in its data files until they are compacted, and in
 * its oplog until that rolls over: docs/security.md says so, and what to run.
 */
export class MongoPersonalDataVault implements PersonalDataVault {
  private readonly keys: Collection<KeyDoc>;
  private readonly secrets: Collection<SecretDoc>;

  constructor(
    db: Db,
    private readonly client?: MongoClient,
  ) {
    this.keys = db.collection<KeyDoc>('personalKeys');
    this.secrets = db.collection<SecretDoc>('personalVaultSecrets');
  }

  static async connect(url: string, dbName?: string): Promise<MongoPersonalDataVault> {
    const client = await MongoClient.connect(url);
    const vault = new MongoPersonalDataVault(client.db(dbName), client);
    await vault.keys.createIndex({ person: 1 });
    return vault;
  }

  async keyFor(scope: string, person: string | null): Promise<Buffer | null> {
    const made = { person, key: new Binary(randomBytes(KEY_BYTES)), createdAt: new Date().toISOString(), erasedAt: null };
    const doc = await this.upsert(() => this.keys.findOneAndUpdate({ _id: scope }, { $setOnInsert: made }, { upsert: true, returnDocument: 'after' }));
    if (person && doc && !doc.person) await this.keys.updateOne({ _id: scope, person: null }, { $set: { person } });
    return bytes(doc?.key);
  }

  async keyOf(scope: string): Promise<Buffer | null> {
    return bytes((await this.keys.findOne({ _id: scope }))?.key);
  }

  async visitorSecret(): Promise<Buffer> {
    const doc = await this.upsert(() =>
      this.secrets.findOneAndUpdate({ _id: 'visitor' }, { $setOnInsert: { secret: new Binary(randomBytes(KEY_BYTES)) } }, { upsert: true, returnDocument: 'after' }),
    );
    return bytes(doc!.secret)!;
  }

  async erase(request: { persons?: readonly string[]; scopes?: readonly string[]; at: string }): Promise<string[]> {
    const erased: string[] = [];
    if (request.persons?.length) {
      const live = await this.keys.find({ person: { $in: [...request.persons] }, erasedAt: null }, { projection: { _id: 1 } }).toArray();
      erased.push(...live.map((d) => d._id));
      await this.keys.updateMany({ _id: { $in: erased } }, { $set: { key: null, erasedAt: request.at } });
    }
    for (const scope of request.scopes ?? []) {
      const before = await this.keys.findOneAndUpdate(
        { _id: scope, erasedAt: null },
        { $set: { key: null, erasedAt: request.at }, $setOnInsert: { person: null, createdAt: request.at } },
        { upsert: true, returnDocument: 'before' },
      ).catch((error: unknown) => {
        // The scope was erased already: the upsert met its tombstone's _id.
        if (error instanceof MongoServerError && error.code === 11000) return 'already';
        throw error;
      });
      if (before !== 'already' && !erased.includes(scope)) erased.push(scope);
    }
    return erased;
  }

  async scopesOf(person: string): Promise<string[]> {
    const docs = await this.keys.find({ person, erasedAt: null }, { projection: { _id: 1 } }).sort({ _id: 1 }).toArray();
    return docs.map((d) => d._id);
  }

  async liveScopes(prefix: string): Promise<string[]> {
    const docs = await this.keys.find({ _id: { $gte: prefix, $lt: prefixEnd(prefix) }, erasedAt: null }, { projection: { _id: 1 } }).sort({ _id: 1 }).toArray();
    return docs.map((d) => d._id);
  }

  async tombstones() {
    const docs = await this.keys.find({ erasedAt: { $ne: null } }).sort({ erasedAt: 1, _id: 1 }).toArray();
    return docs.map((d) => ({ scope: d._id, person: d.person, erasedAt: d.erasedAt! }));
  }

  async close(): Promise<void> {
    await this.client?.close();
  }

  /** Two processes making the same key at once: one upsert wins, the other retries and reads it. */
  private async upsert<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof MongoServerError && error.code === 11000) return run();
      throw error;
    }
  }
}
