import { conflict, loadAggregate } from '@kainga/platform';
import type { AppDeps } from '../deps';
import { userDecider, userStream } from './user';

/**
 * Refuses (409, `message`) a command for a person whose account was erased (issue 50), decided
 * on the log — their stream `user-<id>` holds PersonErased — not on a read model, which may not
 * have caught up: nothing is started again for a person who asked to be erased.
 */
export async function refuseIfErased(deps: Pick<AppDeps, 'stores'>, userId: string, message: string): Promise<void> {
  const { state } = await loadAggregate(deps.stores.eventStore, userDecider, userStream(userId));
  if (state.status === 'erased') throw conflict(message);
}
