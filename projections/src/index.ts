import type { Projector } from '@kainga/platform';
import { usersProjector } from './users';

export * from './users';

/** Every read model, by name; the runner and the rebuild CLI take them from here. */
export const allProjectors: readonly Projector[] = [usersProjector];
