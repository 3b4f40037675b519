import { MongoClient, type Collection, type Db } from 'mongodb';
import type { CredentialStore } from './credential-store';

type CredentialDoc = { _id: string; passwordHash: string; updatedAt: Date };

/**
 * Password hashes in the `credentials` collection, one `{ _id: userId, passwordHash, updatedAt }`
 * document per user; a password change replaces it, an erasure deletes it for good.
 */
export class MongoCredentialStore implements CredentialStore {
  private readonly credentials: Collection<CredentialDoc>;

  /** On a database the caller owns; `client` is closed by `close()` only when given. */
  constructor(
    db: Db,
    private readonly client?: MongoClient,
  ) {
    this.credentials = db.collection<CredentialDoc>('credentials');
  }

  /** Connects its own client; the database is `dbName`, else the one named in the URL's path. */
  static async connect(url: string, dbName?: string): Promise<MongoCredentialStore> {
    const client = await MongoClient.connect(url);
    return new MongoCredentialStore(client.db(dbName), client);
  }

  async get(userId: string): Promise<string | null> {
    const doc = await this.credentials.findOne({ _id: userId }, { projection: { passwordHash: 1 } });
    return doc?.passwordHash ?? null;
  }

  async put(userId: string, passwordHash: string): Promise<void> {
    await this.credentials.updateOne({ _id: userId }, { $set: { passwordHash, updatedAt: new Date() } }, { upsert: true });
  }

  async delete(userId: string): Promise<void> {
    await this.credentials.deleteOne({ _id: userId });
  }

  async close(): Promise<void> {
    await this.client?.close();
  }
}
