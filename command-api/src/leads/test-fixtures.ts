import type { PartnerProfileFields, PartnerRoleName, RoleName } from '@kainga/contracts';
import { handleCommand, waitForProjection, type Stores } from '@kainga/platform';
import { randomUUID } from 'node:crypto';
import { userDecider, userStream } from '../accounts/user';
import { partnerDecider, partnerIdFor, partnerStream } from '../partners/partner';
import { propertyDecider, propertyStream } from '../properties/property';

/**
 * Test set-up for the lead routes: a partner made the way an approval makes one (the partner's
 * events and the role on the account), and a property of an owner, without going through the
 * approval or valuation routes.
 */
const ctx = () => ({ idempotencyKey: randomUUID(), metadata: { actorId: 'system', actorRoles: [], correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() } });

export async function makePartner(
  stores: Stores,
  userId: string,
  role: PartnerRoleName,
  locationIds: readonly string[],
  profile: Partial<PartnerProfileFields> = {},
  { demo = false }: { demo?: boolean } = {},
): Promise<string> {
  const partnerId = partnerIdFor(userId, role);
  const at = new Date().toISOString();
  const full: PartnerProfileFields = {
    businessName: 'Harbour Mortgages',
    licenseNumber: null,
    experienceYears: 10,
    contactEmail: `${role}@harbour.example.nz`,
    contactPhone: null,
    businessDescription: null,
    bio: null,
    videoLink: null,
    officeSize: null,
    profileImage: null,
    companyImage: null,
    ...profile,
  };
  const approval = await handleCommand(
    stores.eventStore,
    partnerDecider,
    partnerStream(partnerId),
    { type: 'ApprovePartner', partnerId, userId, role, profile: full, locationIds, source: { via: 'admin' }, by: 'system', at, demo },
    ctx(),
  );
  const grant = await handleCommand(stores.eventStore, userDecider, userStream(userId), { type: 'GrantRole', role, by: 'system', at }, ctx());
  await waitForProjection(stores.readStore, 'partners', approval.position);
  await waitForProjection(stores.readStore, 'users', grant.position);
  return partnerId;
}

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
