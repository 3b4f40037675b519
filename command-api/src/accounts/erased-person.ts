import { conflict, loadAggregate, type EventStore } from '@kainga/platform';
import { userDecider, userStream } from './user';

/** Said when a signed-in request of an account arrives after its erasure was recorded (its session was ending). */
export const ACCOUNT_ERASED = 'This account was erased at its owner’s request.';

/**
 * Refuses (409, `message`) a command for a person whose account was erased (issue 50), decided
 * on the log — their stream `user-<id>` holds PersonErased — not on a read model, which may not
 * have caught up: nothing is started again for a person who asked to be erased.
 */
export async function refuseIfErased(eventStore: EventStore, userId: string, message: string): Promise<void> {
  const { state } = await loadAggregate(eventStore, userDecider, userStream(userId));
  if (state.status === 'erased') throw conflict(message);
}
