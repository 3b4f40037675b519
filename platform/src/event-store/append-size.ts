import type { NewEvent } from './event-store';

/**
 * The most bytes one append may carry on every EventStoreDB/KurrentDB server the adapter supports.
 * `MaxAppendSize` defaults to 1 MiB up to EventStoreDB 24.10 / KurrentDB 25.0
 * (KurrentDB `v25.0.0:src/EventStore.Core/Configuration/ClusterVNodeOptions.cs` line 156,
 * `MaxAppendSize { get; init; } = 1_024 * 1_024`) and to 256 MiB (`TFConsts.ChunkSize`) from 25.1
 * (`v26.0.3:src/KurrentDB.Core/Configuration/ClusterVNodeOptions.cs` line 156). The smaller
 * holds on both, and on a newer node whose operator lowered it to 1 MiB.
 */
export const MAX_APPEND_BYTES = 1024 * 1024;

/**
 * An event's size as the server counts it against MaxAppendSize: its data and metadata bytes
 * plus two bytes per character of its type (`Event.SizeOnDisk`,
 * `v26.0.3:src/KurrentDB.Core/Data/Event.cs` line 46, summed per proposed message in
 * `src/KurrentDB.Core/Services/Transport/Grpc/Streams.Append.cs` lines 53–72). Data and metadata
 * travel as the client's JSON (`jsonEvent`), so their UTF-8 JSON is what is measured.
 */
export function appendSizeOf(event: Pick<NewEvent, 'type' | 'data' | 'metadata'>): number {
  return Buffer.byteLength(JSON.stringify(event.data) ?? '') + Buffer.byteLength(JSON.stringify(event.metadata) ?? '') + event.type.length * 2;
}
