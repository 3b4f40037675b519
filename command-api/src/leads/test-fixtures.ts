import type { RoleName } from '@kainga/contracts';
import { handleCommand, waitForProjection, type Stores } from '@kainga/platform';
import { randomUUID } from 'node:crypto';
import { userDecider, userStream } from '../accounts/user';
import { propertyDecider, propertyStream } from '../properties/property';

/**
 * Test set-up for the lead routes: a role taken away, and a property of an owner, without going
 * through the admin or valuation routes (partners: testing/partner-fixtures.ts).
 */
const ctx = () => ({ idempotencyKey: randomUUID(), metadata: { actorId: 'system', actorRoles: [], correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() } });

/** Takes a role away (as an admin's role change does). */
export async function revokeRole(stores: Stores, userId: string, roles: RoleName[]) {
  const result = await handleCommand(stores.eventStore, userDecider, userStream(userId), { type: 'ChangeRoles', roles, by: 'system', at: new Date().toISOString() }, ctx());
  await waitForProjection(stores.readStore, 'users', result.position);
}

export async function makeProperty(stores: Stores, ownerId: string, address: string, city: string): Promise<string> {
  const propertyId = randomUUID();
  const result = await handleCommand(
    stores.eventStore,
    propertyDecider,
    propertyStream(propertyId),
    {
      type: 'RegisterProperty',
      propertyId,
      ownerId,
      details: { address, suburb: 'Central', city, bedrooms: 3, bathrooms: 1, floorArea: 120, landArea: 500, rateableValue: null },
      demo: false,
      at: new Date().toISOString(),
    },
    ctx(),
  );
  await waitForProjection(stores.readStore, 'properties', result.position);
  return propertyId;
}
