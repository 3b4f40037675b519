import type { EventMetadata, SaleData, SaleEvent } from '@kainga/contracts';
import { CommandError, conflict, handleCommand, type Decider } from '@kainga/platform';
import { createHash } from 'node:crypto';
import { match } from 'ts-pattern';
import type { AppDeps } from '../deps';

/**
 * A sold property, stream `sale-<id>`. The id is derived from what identifies a sale (address,
 * city, date, price), so importing the same file twice records nothing new.
 */
export const saleIdOf = (s: Pick<SaleData, 'address' | 'city' | 'saleDate' | 'price'>) =>
  createHash('sha256').update([s.address.trim().toLowerCase().replace(/\s+/g, ' '), s.city.trim().toLowerCase(), s.saleDate, s.price].join('|')).digest('hex').slice(0, 32);
export const saleStream = (saleId: string) => `sale-${saleId}`;

export type SaleState = { recorded: boolean };
export type SaleCommand = { type: 'RecordSale'; sale: SaleData };

export const saleDecider: Decider<SaleState, SaleCommand, SaleEvent> = {
  initialState: () => ({ recorded: false }),
  evolve: (_state, event) => match(event).with({ type: 'SaleRecorded' }, () => ({ recorded: true })).exhaustive(),
  decide: (command, state) =>
    match(command)
      .with({ type: 'RecordSale' }, ({ sale }): SaleEvent[] => {
        if (state.recorded) throw conflict('This sale is already recorded.');
        return [{ type: 'SaleRecorded', data: sale }];
      })
      .exhaustive(),
};

/** Records a sale once; a repeat of the same sale answers `false` and appends nothing. */
export async function recordSale(deps: Pick<AppDeps, 'stores'>, sale: Omit<SaleData, 'saleId'>, metadata: EventMetadata): Promise<{ saleId: string; recorded: boolean }> {
  const saleId = saleIdOf(sale);
  try {
    const result = await handleCommand(deps.stores.eventStore, saleDecider, saleStream(saleId), { type: 'RecordSale', sale: { ...sale, saleId } }, { idempotencyKey: `sale:${saleId}`, metadata });
    return { saleId, recorded: !result.alreadyApplied };
  } catch (error) {
    if (error instanceof CommandError && error.kind === 'conflict') return { saleId, recorded: false };
    throw error;
  }
}
