import type { AnyBulkWriteOperation, Filter as MongoFilter, UpdateFilter } from 'mongodb';
import type { Doc, Filter, Update, WriteOp } from './read-store';

// Our filter and update documents are MongoDB's own, typed loosely at the port.
export const mongoFilter = (filter: Filter) => filter as MongoFilter<Doc>;
export const mongoUpdate = (update: Update) => update as UpdateFilter<Doc>;

export function toMongoOp(op: WriteOp): AnyBulkWriteOperation<Doc> {
  if ('insertOne' in op) return { insertOne: { document: op.insertOne.document } };
  if ('updateOne' in op) {
    const { filter, update, upsert } = op.updateOne;
    return { updateOne: { filter: mongoFilter(filter), update: mongoUpdate(update), upsert: upsert ?? false } };
  }
  if ('updateMany' in op) return { updateMany: { filter: mongoFilter(op.updateMany.filter), update: mongoUpdate(op.updateMany.update) } };
  if ('replaceOne' in op) {
    const { filter, replacement, upsert } = op.replaceOne;
    return { replaceOne: { filter: mongoFilter(filter), replacement, upsert: upsert ?? false } };
  }
  if ('deleteOne' in op) return { deleteOne: { filter: mongoFilter(op.deleteOne.filter) } };
  return { deleteMany: { filter: mongoFilter(op.deleteMany.filter) } };
}

