import type { PartnerProfileFields, PartnerRoleName } from '@kainga/contracts';
import { handleCommand, waitForProjection, type Stores } from '@kainga/platform';
import { randomUUID } from 'node:crypto';
import { userDecider, userStream } from '../accounts/user';
import { partnerDecider, partnerIdFor, partnerStream } from '../partners/partner';

/** The profile a test partner has unless the test says otherwise. */
export const sampleProfile: PartnerProfileFields = {
  businessName: 'Harbour Mortgages',
  licenseNumber: 'FSP123456',
  experienceYears: 12,
  contactEmail: 'hello@harbour.example.nz',
  contactPhone: '09 555 0100',
  businessDescription: 'Home loans for first buyers and investors across Auckland.',
  bio: null,
  videoLink: null,
  officeSize: 4,
  profileImage: null,
  companyImage: null,
};

/**
 * Makes a registered user a partner in `role`, as an admin's approval would (the partner's
 * events and the role on the account), without the approval routes, and waits for the read
 * models. Answers the partner id.
 */
export async function makePartner(
  stores: Stores,
  userId: string,
  role: PartnerRoleName,
  locationIds: readonly string[] = ['auckland'],
  profile: Partial<PartnerProfileFields> = {},
  { demo = false }: { demo?: boolean } = {},
): Promise<string> {
  const at = new Date().toISOString();
  const ctx = { idempotencyKey: randomUUID(), metadata: { actorId: 'test-admin', actorRoles: ['admin' as const], correlationId: randomUUID(), causationId: null, occurredAt: at } };
  const partnerId = partnerIdFor(userId, role);
  const approval = await handleCommand(
    stores.eventStore,
    partnerDecider,
    partnerStream(partnerId),
    { type: 'ApprovePartner', partnerId, userId, role, profile: { ...sampleProfile, ...profile }, locationIds, source: { via: 'admin' }, by: 'test-admin', at, demo },
    ctx,
  );
  const grant = await handleCommand(stores.eventStore, userDecider, userStream(userId), { type: 'GrantRole', role, by: 'test-admin', at }, ctx);
  await waitForProjection(stores.readStore, 'partners', approval.position);
  await waitForProjection(stores.readStore, 'users', grant.position);
  return partnerId;
}
