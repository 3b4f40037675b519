import type { PartnerProfileFields, PartnerRoleName } from '@kainga/contracts';
import { handleCommand, waitForProjection } from '@kainga/platform';
import { randomUUID } from 'node:crypto';
import { userDecider, userStream } from '../accounts/user';
import { partnerDecider, partnerIdFor, partnerStream } from '../partners/partner';
import type { TestApp } from '../testing/test-app';

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

/** Makes a registered user a partner in `role`, as an admin's approval would, and waits for the read models. */
export async function makePartner(t: TestApp, userId: string, role: PartnerRoleName, profile: Partial<PartnerProfileFields> = {}) {
  const metadata = { actorId: 'test-admin', actorRoles: ['admin' as const], correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
  const ctx = { idempotencyKey: randomUUID(), metadata };
  const partnerId = partnerIdFor(userId, role);
  const approved = await handleCommand(
    t.stores.eventStore,
    partnerDecider,
    partnerStream(partnerId),
    { type: 'ApprovePartner', partnerId, userId, role, profile: { ...sampleProfile, ...profile }, locationIds: ['auckland'], source: { via: 'admin' }, by: 'test-admin', at: metadata.occurredAt },
    ctx,
  );
  const granted = await handleCommand(t.stores.eventStore, userDecider, userStream(userId), { type: 'GrantRole', role, by: 'test-admin', at: metadata.occurredAt }, ctx);
  await waitForProjection(t.stores.readStore, 'partners', approved.position);
  await waitForProjection(t.stores.readStore, 'users', granted.position);
  return partnerId;
}
