import type { ApplyApplicationRequest, EnquiryApplicationRequest, EventMetadata, PartnerRoleName, User } from '@kainga/contracts';
import { conflict, eventIdFor, handleCommand, invalid, loadAggregate, notFound, waitForProjection, type Position } from '@kainga/platform';
import { findApplication, locationsOfPartners, approvedApplications, pendingApplicationOf } from '@kainga/projections';
import type { AppDeps } from '../deps';
import type { CommandCtx } from '../accounts/accounts';
import { userDecider, userStream } from '../accounts/user';
import { refuseIfErased } from '../accounts/erased-person';
import { applicationDecider, applicationStream, profileOf, type SubmittedApplication } from './application';
import { partnerDecider, partnerStream } from './partner';
import { unknownLocations, usersById } from './partner-views';

type Deps = Pick<AppDeps, 'stores'>;

/** The body of POST /api/partner-applications, by the form it came from. */
export type ApplicationInput = { form: 'apply'; body: ApplyApplicationRequest } | { form: 'enquiry'; body: EnquiryApplicationRequest };

/** The application id of a submission: derived from its idempotency key, so a retried request finds its own application. */
export const applicationIdFor = (idempotencyKey: string) => eventIdFor(idempotencyKey, 'partnerApplication', 0);

/** Answers 400 naming the location ids that are not in GET /api/locations. */
export function requireKnownLocations(ids: readonly string[]) {
  const unknown = unknownLocations(ids);
  if (unknown.length === 1) throw invalid(`Unknown location "${unknown[0]}". Please choose a location from the list.`);
  if (unknown.length > 1) throw invalid(`Unknown locations: ${unknown.map((id) => `"${id}"`).join(', ')}. Please choose locations from the list.`);
}

function submittedOf(applicationId: string, userId: string, input: ApplicationInput, at: string, demo: boolean): SubmittedApplication {
  const common = { applicationId, userId, form: input.form, submittedAt: at, demo };
  if (input.form === 'apply') {
    const b = input.body;
    return {
      ...common,
      requestedRoleId: b.requestedRoleId,
      requestedLocationIds: [b.requestedLocationId],
      businessName: b.businessName,
      contactEmail: b.contactEmail,
      contactPhone: b.contactPhone,
      licenseNumber: b.licenseNumber,
      experienceYears: b.experienceYears,
      businessDescription: b.businessDescription,
      officeSize: null,
      bio: null,
      videoLink: null,
      companyImage: null,
      profileImage: null,
    };
  }
  const b = input.body;
  return {
    ...common,
    requestedRoleId: b.requestedRoleId,
    requestedLocationIds: b.requestedLocationIds,
    businessName: b.businessName,
    contactEmail: b.contactEmail,
    contactPhone: b.contactPhone,
    licenseNumber: b.licenseNumber,
    experienceYears: b.experienceYears,
    businessDescription: b.businessDescription,
    officeSize: b.officeSize,
    bio: b.bio,
    videoLink: b.videoLink,
    companyImage: b.companyImage,
    profileImage: b.profileImage,
  };
}

/**
 * A signed-in user applies to become a partner in one role.
 *
 * One pending application per user and role: a second one while the first is under review is
 * refused (409), as a marketplace would — the admin would otherwise review the same request
 * twice. Once the first is decided the user may apply again (another location, a new try after
 * a rejection). The check reads the read model, which every submission waits for before it
 * answers, so only two submissions racing each other could both pass; approving both is
 * harmless (the second adds no partner, no role). A retry with the same Idempotency-Key lands
 * on the same application and answers it again, whatever the retried body says. Only ops' demo
 * seed passes `demo` (the HTTP route never takes it from a body).
 */
export async function submitApplication(deps: Deps, user: User, input: ApplicationInput, ctx: CommandCtx, { demo = false }: { demo?: boolean } = {}): Promise<string> {
  const applicationId = applicationIdFor(ctx.idempotencyKey);
  const application = submittedOf(applicationId, user.id, input, ctx.metadata.occurredAt, demo);
  requireKnownLocations(application.requestedLocationIds);
  const pending = await pendingApplicationOf(deps.stores.readStore, user.id, application.requestedRoleId);
  if (pending && pending._id !== applicationId) throw conflict('You already have an application for this role under review.');
  const result = await handleCommand(deps.stores.eventStore, applicationDecider, applicationStream(applicationId), { type: 'SubmitApplication', application }, ctx);
  await waitForProjection(deps.stores.readStore, 'partner_applications', result.position);
  return applicationId;
}

const reviewer = (metadata: EventMetadata) => metadata.actorId ?? 'system';

/**
 * Admin Approve: the decision is recorded on the application first, then carried out (the
 * partner enrolled in the requested locations, the role granted), each step keyed by the
 * application id so it appends nothing twice. A second approval is refused (409); a retry of
 * the same request (same Idempotency-Key) finds its decision and runs the follow-ups again.
 * A crash between the decision and the follow-ups is healed by completeApprovals at start-up.
 */
/** Said when an admin approves the application of a person erased since they applied. */
export const APPLICANT_ERASED = 'The applicant’s account was erased, so this application cannot be approved.';

export async function approveApplication(deps: Deps, applicationId: string, ctx: CommandCtx) {
  // By the log, not a read model: an erased applicant is never enrolled again.
  const { state } = await loadAggregate(deps.stores.eventStore, applicationDecider, applicationStream(applicationId));
  if (state.status !== 'none') await refuseIfErased(deps.stores.eventStore, state.application.userId, APPLICANT_ERASED);
  const result = await handleCommand(
    deps.stores.eventStore,
    applicationDecider,
    applicationStream(applicationId),
    { type: 'ApproveApplication', by: reviewer(ctx.metadata), at: ctx.metadata.occurredAt },
    ctx,
  );
  await waitForProjection(deps.stores.readStore, 'partner_applications', result.position);
  await completeApproval(deps, applicationId, ctx.metadata);
}

/** Admin Reject with a non-blank reason (kept as the application's adminNotes). */
export async function rejectApplication(deps: Deps, applicationId: string, reason: string, ctx: CommandCtx) {
  const result = await handleCommand(
    deps.stores.eventStore,
    applicationDecider,
    applicationStream(applicationId),
    { type: 'RejectApplication', reason, by: reviewer(ctx.metadata), at: ctx.metadata.occurredAt },
    ctx,
  );
  await waitForProjection(deps.stores.readStore, 'partner_applications', result.position);
}

/**
 * Carries out an approved application: enrols the partner in the requested locations and grants
 * the role. The role is granted only when the user lacks it and their roles have not changed
 * since the decision: an admin who took the role away after the approval is not overruled.
 * Answers whether anything was appended.
 */
export async function completeApproval(deps: Deps, applicationId: string, metadata: EventMetadata): Promise<boolean> {
  const { state, history } = await loadAggregate(deps.stores.eventStore, applicationDecider, applicationStream(applicationId));
  if (state.status !== 'approved' || !state.partnerId) return false;
  const decision = history.find((e) => e.type === 'PartnerApplicationApproved')!;
  const { reviewedBy, reviewedAt } = decision.data as { reviewedBy: string; reviewedAt: string };
  const { application } = state;
  const key = applicationStream(applicationId);
  const ctx = (step: string) => ({ idempotencyKey: `${key}:${step}`, metadata });

  const enrolled = await handleCommand(
    deps.stores.eventStore,
    partnerDecider,
    partnerStream(state.partnerId),
    {
      type: 'ApprovePartner',
      partnerId: state.partnerId,
      userId: application.userId,
      role: application.requestedRoleId,
      profile: profileOf(application),
      locationIds: application.requestedLocationIds,
      source: { via: 'application', applicationId },
      by: reviewedBy,
      at: reviewedAt,
      demo: application.demo,
    },
    ctx('enrol'),
  );
  const granted = await grantRoleUnlessChangedSince(deps, application.userId, application.requestedRoleId, decision.position, reviewedBy, ctx('grant-role'));
  await waitForProjection(deps.stores.readStore, 'partners', enrolled.position);
  await waitForProjection(deps.stores.readStore, 'users', granted);
  return (enrolled.events.length > 0 && !enrolled.alreadyApplied) || granted !== null;
}

/** GrantRole, unless the user holds the role or their roles changed after `since`; the position appended, or null. */
async function grantRoleUnlessChangedSince(deps: Deps, userId: string, role: PartnerRoleName, since: Position, by: string, ctx: CommandCtx): Promise<Position | null> {
  const { state, history } = await loadAggregate(deps.stores.eventStore, userDecider, userStream(userId));
  if (state.status !== 'registered' || state.roles.includes(role)) return null;
  if (history.some((e) => e.type === 'UserRolesChanged' && e.position > since)) return null;
  const result = await handleCommand(deps.stores.eventStore, userDecider, userStream(userId), { type: 'GrantRole', role, by, at: ctx.metadata.occurredAt }, ctx);
  return result.alreadyApplied ? null : result.position;
}

/**
 * Heals approvals whose follow-ups never ran (a crash between the decision and the enrolment or
 * the role grant): called at start-up. Waits for the read models it reads to reach the log's
 * head, picks the approved applications whose partner lacks a requested location or whose user
 * lacks the role, and completes each. Answers how many it completed.
 */
export async function completeApprovals(deps: Pick<AppDeps, 'stores' | 'logger'>, options: { timeoutMs?: number } = {}): Promise<number> {
  const { readStore, eventStore } = deps.stores;
  const head = await eventStore.headPosition();
  for (const projection of ['partner_applications', 'partners', 'users']) {
    if (!(await waitForProjection(readStore, projection, head, options.timeoutMs ?? 60_000))) {
      deps.logger.warn({ projection }, 'approvals not checked: the read model is still catching up');
      return 0;
    }
  }
  const approved = await approvedApplications(readStore);
  if (approved.length === 0) return 0;
  const [locations, users] = await Promise.all([
    locationsOfPartners(readStore, [...new Set(approved.map((a) => a.partnerId).filter((id): id is string => id !== null))]),
    usersById(
      readStore,
      approved.map((a) => a.userId),
    ),
  ]);
  const metadata: EventMetadata = { actorId: 'system:complete-approvals', actorRoles: [], correlationId: 'complete-approvals', causationId: null, occurredAt: new Date().toISOString() };
  let completed = 0;
  for (const a of approved) {
    const served = new Set((a.partnerId ? locations.get(a.partnerId) : undefined)?.map((l) => l.locationId) ?? []);
    const missingLocation = a.requestedLocationIds.some((id) => !served.has(id));
    const missingRole = !users.get(a.userId)?.roles.includes(a.requestedRoleId);
    if (!missingLocation && !missingRole) continue;
    if (await completeApproval(deps, a._id, metadata)) completed++;
  }
  if (completed > 0) deps.logger.info({ completed }, 'completed partner approvals interrupted before their enrolment or role grant');
  return completed;
}

/** The application, or 404. */
export async function requireApplication(deps: Deps, applicationId: string) {
  const doc = await findApplication(deps.stores.readStore, applicationId);
  if (!doc) throw notFound('Application not found.');
  return doc;
}
