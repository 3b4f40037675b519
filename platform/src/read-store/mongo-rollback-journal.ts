import { randomUUID } from 'node:crypto';
import type { Db } from 'mongodb';
import { toMongoOp } from './mongo-write-ops';
import type { Doc, WriteOp } from './read-store';

/** Where the before-images of commits under way live, one document per image. */
export const UNDO = '_commit_undo';

/** The checkpoint documents as the journal reads and writes them (see mongo-read-store.ts). */
export type JournaledCheckpoint = { _id: string; position?: string; dataVersion?: string; pending?: string };

type UndoImage = { _id: string; jid: string; checkpoint: string | null; collection: string; docId: string; image: Doc | null };

/** Consecutive writes to one collection, applied as one ordered bulkWrite. */
export interface WriteRun {
  collection: string;
  ops: WriteOp[];
}

/**
 * Where a test stops a commit as a crash would (after a run of writes, or with every write done
 * and the checkpoint not yet moved): what the server holds then is what a killed process leaves.
 */
export type CrashPoint = (at: { afterWrites: number } | 'before-checkpoint') => void;

/** The `_id` an operation names, when it names exactly one document by it. */
function namedId(op: WriteOp): string | undefined {
  if ('insertOne' in op) return op.insertOne.document._id;
  const filter = 'updateOne' in op ? op.updateOne.filter : 'replaceOne' in op ? op.replaceOne.filter : 'deleteOne' in op ? op.deleteOne.filter : undefined;
  return typeof filter?._id === 'string' ? filter._id : undefined;
}

const upserts = (op: WriteOp) => ('updateOne' in op && op.updateOne.upsert === true) || ('replaceOne' in op && op.replaceOne.upsert === true);

/**
 * A commit of read-model writes and a projection checkpoint on a server without multi-document
 * transactions (FerretDB, some managed MongoDB-compatible services), with the same outcome as a
 * transaction: all of it or none of it. It is a rollback journal, as SQLite keeps one without
 * WAL: before a document is first changed, its before-image (or "absent") is stored in `_commit_undo`;
 * the checkpoint document is marked `pending: <journal id>` before the first write and the mark is
 * cleared in the same single-document update that moves the checkpoint, which is the moment the
 * commit takes effect (one document: atomic on every server).
 *
 * - A write that fails (a unique index) puts every before-image back and clears the mark: the
 *   documents and the checkpoint are as before, and the error is thrown.
 * - A crash between the writes and the checkpoint leaves the mark. The projection restarts from
 *   the checkpoint, which has not moved, and replays the same events; its first commit finds the
 *   mark and first puts the before-images back, so the replay applies each event once, whatever
 *   the writes were ($inc and $push included) and however the replay batches the events.
 *
 * Writes guarded by the log position they come from would be the other established way, but
 * they cannot serve a batched projector (projectBatch sums a whole batch into one $inc, and a
 * replay batches differently) nor two writes of one event to one document.
 *
 * Meanwhile readers may see a batch's writes before its checkpoint (no isolation), and after a
 * crash until the projection's next commit; the checkpoint, which read-your-writes waits on,
 * never says more than is written. The data version (getDataVersion) changes when the mark is set,
 * so an answer cached from a half-written batch is never reused.
 * It relies on what every projection does: one writer per checkpoint (the runner serialises a
 * projection's commits), and upserts by `_id` (an upsert by another filter would make a
 * document of unknown `_id`, which could not be taken back: refused).
 */
export class RollbackJournal {
  /** Checkpoints whose leftover mark (a crash) this process has looked for. */
  private readonly looked = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly checkpoints: string,
    private readonly crashPoint?: CrashPoint,
  ) {}

  async commit(runs: readonly WriteRun[], checkpoint: { name: string; position: string } | undefined, rethrow: (error: unknown, run: WriteRun, ops: readonly WriteOp[]) => never): Promise<void> {
    const checkpoints = this.db.collection<JournaledCheckpoint>(this.checkpoints);
    if (checkpoint) await this.rollBackLeftover(checkpoint.name);
    if (runs.length === 0) {
      if (checkpoint) await checkpoints.updateOne({ _id: checkpoint.name }, { $set: { position: checkpoint.position } }, { upsert: true });
      return;
    }
    for (const run of runs) {
      if (run.ops.some((op) => upserts(op) && namedId(op) === undefined)) {
        throw new Error(`A commit without transactions upserts by _id only (collection ${run.collection}): a document it made under another filter could not be taken back.`);
      }
    }
    const durable = checkpoint?.name ?? null;
    try {
      await this.write(runs, checkpoint, rethrow);
    } catch (error) {
      // Unless the images went back, the next commit of this checkpoint looks for the mark again.
      if (durable) this.looked.delete(durable);
      throw error;
    }
  }

  private async write(runs: readonly WriteRun[], checkpoint: { name: string; position: string } | undefined, rethrow: (error: unknown, run: WriteRun, ops: readonly WriteOp[]) => never): Promise<void> {
    const checkpoints = this.db.collection<JournaledCheckpoint>(this.checkpoints);
    const jid = randomUUID();
    const durable = checkpoint?.name ?? null;
    const images = new Map<string, Map<string, Doc | null>>();
    let stored = 0;
    /** Records the before-images of `docs` (and "absent" for `ids` not among them) not yet recorded. */
    const remember = async (collection: string, ids: readonly string[], docs: readonly Doc[]) => {
      let mine = images.get(collection);
      if (!mine) images.set(collection, (mine = new Map()));
      const found = new Map(docs.map((d) => [d._id, d]));
      const fresh: UndoImage[] = [];
      for (const id of ids) {
        if (mine.has(id)) continue;
        const image = found.get(id) ?? null;
        mine.set(id, image);
        fresh.push({ _id: `${jid}:${stored++}`, jid, checkpoint: durable, collection, docId: id, image });
      }
      // Stored before the write they undo; a commit without a checkpoint has nobody to replay it
      // after a crash, and keeps its images in memory only, for a failed write.
      if (durable && fresh.length > 0) await this.db.collection<UndoImage>(UNDO).insertMany(fresh, { ordered: false });
    };

    if (durable) await checkpoints.updateOne({ _id: durable }, { $set: { pending: jid, dataVersion: `pending ${jid}` } }, { upsert: true });
    // Every document named by _id, as it is before the batch: one read per collection.
    const named = new Map<string, Set<string>>();
    for (const run of runs) {
      let ids = named.get(run.collection);
      if (!ids) named.set(run.collection, (ids = new Set()));
      for (const op of run.ops) {
        const id = namedId(op);
        if (id !== undefined) ids.add(id);
      }
    }
    for (const [collection, ids] of named) {
      const list = [...ids];
      if (list.length > 0) await remember(collection, list, await this.db.collection<Doc>(collection).find({ _id: { $in: list } }).toArray());
    }

    let written = 0;
    for (const run of runs) {
      for (const segment of segments(run.ops)) {
        const coll = this.db.collection<Doc>(run.collection);
        if (segment.filter) {
          // The documents a filter reaches are known only now, after the writes before it.
          const docs = await coll.find(segment.filter).toArray();
          await remember(run.collection, docs.map((d) => d._id), docs);
        }
        try {
          await coll.bulkWrite(segment.ops.map(toMongoOp), { ordered: true });
        } catch (error) {
          await this.restore(images);
          if (durable) await this.clear(durable, jid);
          rethrow(error, run, segment.ops);
        }
        this.crashPoint?.({ afterWrites: ++written });
      }
    }
    this.crashPoint?.('before-checkpoint');
    if (durable) {
      // The commit point: the checkpoint moves and the mark goes in one document update.
      await checkpoints.updateOne({ _id: durable }, { $set: { position: checkpoint!.position, dataVersion: checkpoint!.position }, $unset: { pending: '' } });
      await this.db.collection<UndoImage>(UNDO).deleteMany({ jid });
    }
  }

  /**
   * Once per checkpoint and process (and again after a commit of it failed): a mark left by a
   * crash puts that commit's before-images back. Images of commits that completed but were not
   * yet deleted (a crash just after the commit point) are dropped.
   */
  async rollBackLeftover(name: string): Promise<void> {
    if (this.looked.has(name)) return;
    const doc = await this.db.collection<JournaledCheckpoint>(this.checkpoints).findOne({ _id: name });
    const undo = this.db.collection<UndoImage>(UNDO);
    await undo.deleteMany(doc?.pending ? { checkpoint: name, jid: { $ne: doc.pending } } : { checkpoint: name });
    if (doc?.pending) {
      const images = new Map<string, Map<string, Doc | null>>();
      for (const { collection, docId, image } of await undo.find({ jid: doc.pending }).toArray()) {
        let mine = images.get(collection);
        if (!mine) images.set(collection, (mine = new Map()));
        mine.set(docId, image);
      }
      await this.restore(images);
      await this.clear(name, doc.pending);
    }
    this.looked.add(name);
  }

  /**
   * Forgets a checkpoint's journal: its read model was replaced wholesale (a rebuild swapped in)
   * or its checkpoint deleted, so no before-image of it may be put back.
   */
  async forget(name: string): Promise<void> {
    await this.db.collection<JournaledCheckpoint>(this.checkpoints).updateOne({ _id: name }, { $unset: { pending: '' } });
    await this.db.collection<UndoImage>(UNDO).deleteMany({ checkpoint: name });
  }

  /** Forgets before-images of a collection that was replaced wholesale: they belong to documents no longer there. */
  async forgetCollection(collection: string): Promise<void> {
    await this.db.collection<UndoImage>(UNDO).deleteMany({ collection });
  }

  /**
   * Puts documents back as their images say: every one of them removed, then those that existed
   * inserted again, so no unique index sees two documents with one key on the way (a batch may
   * have moved a key from one document to another). Running it twice gives the same result.
   */
  private async restore(images: ReadonlyMap<string, ReadonlyMap<string, Doc | null>>): Promise<void> {
    for (const [collection, byId] of images) {
      if (byId.size === 0) continue;
      const coll = this.db.collection<Doc>(collection);
      await coll.deleteMany({ _id: { $in: [...byId.keys()] } });
      const present = [...byId.values()].filter((d): d is Doc => d !== null);
      if (present.length > 0) await coll.insertMany(present, { ordered: false });
    }
  }

  private async clear(name: string, jid: string): Promise<void> {
    // A new data version all the same: readers may have cached answers from the half-written batch.
    await this.db.collection<JournaledCheckpoint>(this.checkpoints).updateOne({ _id: name, pending: jid }, { $set: { dataVersion: `rolled back ${jid}` }, $unset: { pending: '' } });
    await this.db.collection<UndoImage>(UNDO).deleteMany({ jid });
    this.looked.add(name);
  }
}

interface Segment {
  ops: WriteOp[];
  /** Set for a write that reaches documents by a filter, not by one `_id`. */
  filter?: Record<string, unknown>;
}

/** A run's writes cut into bulk writes by `_id`, each write by a filter on its own (its images are read just before it). */
function segments(ops: readonly WriteOp[]): Segment[] {
  const out: Segment[] = [];
  for (const op of ops) {
    if (namedId(op) !== undefined) {
      const last = out.at(-1);
      if (last && !last.filter) last.ops.push(op);
      else out.push({ ops: [op] });
    } else out.push({ ops: [op], filter: filterOf(op) });
  }
  return out;
}

function filterOf(op: WriteOp): Record<string, unknown> {
  if ('updateOne' in op) return op.updateOne.filter;
  if ('updateMany' in op) return op.updateMany.filter;
  if ('replaceOne' in op) return op.replaceOne.filter;
  if ('deleteOne' in op) return op.deleteOne.filter;
  if ('deleteMany' in op) return op.deleteMany.filter;
  return { _id: op.insertOne.document._id };
}
