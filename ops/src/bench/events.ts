import { randomUUID } from 'node:crypto';
import type { EventMetadata, RoleName, UserEvent } from '@kainga/contracts';
import type { NewEvent } from '@kainga/platform';

/**
 * Realistic account events for the benchmarks: the data shapes of contracts/src/events/accounts.ts
 * and the full metadata of contracts/src/events/metadata.ts, as the command API would append them.
 */

type Data<T extends UserEvent['type']> = Extract<UserEvent, { type: T }>['data'];

const firstNames = ['Aroha', 'Wiremu', 'Mere', 'Tama', 'Olivia', 'Jack', 'Ngaio', 'Hemi', 'Charlotte', 'Rangi'];
const lastNames = ['Ngata', 'Smith', 'Williams', 'Parata', 'Brown', 'Tane', 'Wilson', 'Taylor', 'Walker', 'Kingi'];
const roleSets: RoleName[][] = [['general'], ['general', 'mortgage_broker'], ['registered_valuer'], ['general', 'property_manager'], ['admin']];

export const userStream = (userId: string) => `user-${userId}`;

export function metadata(actorId: string | null, actorRoles: RoleName[], at: string): EventMetadata {
  return { actorId, actorRoles, correlationId: randomUUID(), causationId: null, occurredAt: at };
}

export function userRegistered(userId: string, i: number, at = new Date().toISOString()): NewEvent<'UserRegistered', Data<'UserRegistered'>> {
  const firstName = firstNames[i % firstNames.length]!;
  const lastName = lastNames[Math.floor(i / firstNames.length) % lastNames.length]!;
  return {
    id: randomUUID(),
    type: 'UserRegistered',
    data: {
      userId,
      email: `${firstName}.${lastName}.${i}@example.nz`.toLowerCase(),
      firstName,
      lastName,
      roles: ['general'],
      profileImageUrl: null,
      provider: 'password',
      registeredAt: at,
    },
    metadata: metadata(userId, [], at),
  };
}

export function userProfileChanged(userId: string, i: number, at = new Date().toISOString()): NewEvent<'UserProfileChanged', Data<'UserProfileChanged'>> {
  const firstName = firstNames[(i * 7) % firstNames.length]!;
  const lastName = lastNames[(i * 3) % lastNames.length]!;
  return {
    id: randomUUID(),
    type: 'UserProfileChanged',
    data: { userId, firstName, lastName, email: `${firstName}.${lastName}.${i}@example.nz`.toLowerCase(), changedAt: at },
    metadata: metadata(userId, ['general'], at),
  };
}

export function userRolesChanged(userId: string, i: number, adminId: string, at = new Date().toISOString()): NewEvent<'UserRolesChanged', Data<'UserRolesChanged'>> {
  return {
    id: randomUUID(),
    type: 'UserRolesChanged',
    data: { userId, roles: roleSets[i % roleSets.length]!, changedBy: adminId, changedAt: at },
    metadata: metadata(adminId, ['admin'], at),
  };
}

/** A small deterministic PRNG, so every run fills the same log. */
export { seededRandom as prng } from '@kainga/platform';
