import { MongoError, MongoNetworkError, MongoServerError, MongoServerSelectionError, type Db, type MongoClient } from 'mongodb';

const DUPLICATE_KEY = 11000;
/** What FerretDB answers for a write that breaks a unique index on update (see isDuplicateKey). */
const INTERNAL_ERROR = 1;
const NOT_IMPLEMENTED = 238;

/**
 * A write refused for a unique index. MongoDB says 11000. FerretDB (1.24, SQLite backend) says so
 * for inserts and upserts, but for an update or replace that makes a key clash it answers code 1
 * (InternalError) with SQLite's "UNIQUE constraint failed" in the message (its PostgreSQL backend
 * would pass on PostgreSQL's "duplicate key value"): the same refusal, recognised by that message.
 */
export function isDuplicateKey(error: unknown): error is MongoServerError {
  if (!(error instanceof MongoServerError)) return false;
  if (error.code === DUPLICATE_KEY) return true;
  return error.code === INTERNAL_ERROR && /UNIQUE constraint failed|duplicate key/i.test(error.message);
}

/** A command option the server does not implement (FerretDB: `renameCollection` with `dropTarget`). */
export const isNotImplemented = (error: unknown) => error instanceof MongoServerError && error.code === NOT_IMPLEMENTED;

/**
 * Whether the server runs multi-document transactions, found by running one: a transaction that
 * deletes a document that does not exist, then commits. `hello` alone cannot tell: a standalone
 * MongoDB refuses transactions while answering like any server, and FerretDB, which has none,
 * can name a replica set (`--repl-set-name`) so that drivers accept it. The trial has no effect on
 * the data either way. Anything refused means no; a network failure is thrown, as connecting
 * would have failed anyway.
 */
export async function runsTransactions(client: MongoClient, db: Db, collection: string): Promise<boolean> {
  const session = client.startSession();
  try {
    session.startTransaction();
    await db.collection<{ _id: string }>(collection).deleteOne({ _id: '\u0000transaction-probe' }, { session });
    await session.commitTransaction();
    return true;
  } catch (error) {
    // Refused by the server, or by the driver for this server: no transactions here.
    if (error instanceof MongoError && !(error instanceof MongoNetworkError || error instanceof MongoServerSelectionError)) return false;
    throw error;
  } finally {
    if (session.inTransaction()) await session.abortTransaction().catch(() => undefined);
    await session.endSession();
  }
}
