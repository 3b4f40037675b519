import type { AdminPartnerView, MyRoleEntry, PartnerApplicationView, User, UserDoc } from '@kainga/contracts';
import { locationById } from '@kainga/contracts';
import type { ReadStore } from '@kainga/platform';
import { allPartners, locationsOfPartners, partnerLocationsOfUser, partnersOfUser, USERS, type PartnerApplicationDoc, type PartnerDoc } from '@kainga/projections';

/** The answers of the partner routes, read from the partners, partner_applications and users read models. */

/** Users by id, in one read (the admin lists join names and emails). */
export async function usersById(store: ReadStore, userIds: readonly string[]): Promise<Map<string, UserDoc>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const docs = await store.collection<UserDoc>(USERS).find({ _id: { $in: ids } });
  return new Map(docs.map((d) => [d._id, d]));
}

export function applicationView(doc: PartnerApplicationDoc, applicant: UserDoc | undefined): PartnerApplicationView {
  return {
    id: doc._id,
    userId: doc.userId,
    applicationStatus: doc.applicationStatus,
    businessName: doc.businessName,
    requestedRoleId: doc.requestedRoleId,
    requestedLocationId: doc.requestedLocationIds[0]!,
    requestedLocationIds: doc.requestedLocationIds,
    contactEmail: doc.contactEmail,
    contactPhone: doc.contactPhone,
    licenseNumber: doc.licenseNumber,
    experienceYears: doc.experienceYears,
    businessDescription: doc.businessDescription,
    officeSize: doc.officeSize,
    bio: doc.bio,
    videoLink: doc.videoLink,
    companyImage: doc.companyImage,
    profileImage: doc.profileImage,
    createdAt: doc.createdAt,
    reviewedBy: doc.reviewedBy,
    reviewedAt: doc.reviewedAt,
    adminNotes: doc.adminNotes,
    demo: doc.demo ?? false,
    applicant: applicant ? { firstName: applicant.firstName, lastName: applicant.lastName, email: applicant.email } : null,
  };
}

/** GET /api/my-roles: one entry per partner role and location; inactive once the role was taken away. */
export async function myRoles(store: ReadStore, user: User): Promise<MyRoleEntry[]> {
  const [rows, partners] = await Promise.all([partnerLocationsOfUser(store, user.id), partnersOfUser(store, user.id)]);
  const byId = new Map(partners.map((p) => [p._id, p]));
  return rows.map((row) => {
    const partner = byId.get(row.partnerId);
    return {
      id: row._id,
      partnerId: row.partnerId,
      roleId: row.role,
      locationId: row.locationId,
      businessName: row.businessName,
      licenseNumber: partner?.licenseNumber ?? null,
      experienceYears: partner?.experienceYears ?? null,
      status: user.roles.includes(row.role) ? 'active' : 'inactive',
      approvedBy: row.approvedBy,
      approvedAt: row.approvedAt,
    };
  });
}

/** Partners as the admin lists them, with their user's name and email and their locations' names. */
export async function adminPartnerViews(store: ReadStore, partners: readonly PartnerDoc[]): Promise<AdminPartnerView[]> {
  const [locations, users] = await Promise.all([
    locationsOfPartners(
      store,
      partners.map((p) => p._id),
    ),
    usersById(
      store,
      partners.map((p) => p.userId),
    ),
  ]);
  return partners.map((p) => {
    const user = users.get(p.userId);
    return {
      id: p._id,
      userId: p.userId,
      roleId: p.role,
      businessName: p.businessName,
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      email: user?.email ?? '',
      status: user?.roles.includes(p.role) ? 'active' : 'inactive',
      locations: (locations.get(p._id) ?? []).map((l) => ({ id: l.locationId, cityName: locationById(l.locationId)?.cityName ?? l.locationId })),
      createdAt: p.createdAt,
      demo: p.demo ?? false,
    };
  });
}

/** GET /api/admin/partners: every partner, newest first. */
export async function allAdminPartnerViews(store: ReadStore): Promise<AdminPartnerView[]> {
  return adminPartnerViews(store, await allPartners(store));
}

/** Location ids not in the list of GET /api/locations. */
export const unknownLocations = (ids: readonly string[]) => ids.filter((id) => !locationById(id));
