import type { AdminPartnerView, CreatePartnerRequest } from '@kainga/contracts';
import { roleLabels } from '@kainga/contracts';
import { conflict, handleCommand, loadAggregate, waitForProjection } from '@kainga/platform';
import { findPartner } from '@kainga/projections';
import { accountIdByEmail, registerAccount, type CommandCtx } from '../accounts/accounts';
import { inviteAccount } from '../accounts/invitations';
import { userDecider, userStream } from '../accounts/user';
import type { AppDeps } from '../deps';
import { requireKnownLocations } from './applications';
import { partnerDecider, partnerIdFor, partnerStream } from './partner';
import { adminPartnerViews } from './partner-views';

type Deps = Pick<AppDeps, 'stores' | 'config' | 'email'>;

/**
 * An admin's "Add New Partner Directly". The partner joins the account using that email, or a
 * new account without a password, whose owner is mailed a link to set one (7 days, one use).
 * An invited account that never set its password is invited again, with a fresh link: that is
 * how an admin sends a new one (the earlier links still work until one is used). The partner
 * is enrolled (source admin) in the location and the role granted; an account that already
 * serves that location in that role is refused (409) rather than "created" twice. A retry with
 * the same Idempotency-Key lands on the same account and answers 201 again. Only ops' demo seed
 * passes `demo` (the HTTP route never takes it from a body).
 */
export async function createPartner(deps: Deps, body: CreatePartnerRequest, ctx: CommandCtx, { demo = false }: { demo?: boolean } = {}): Promise<{ partner: AdminPartnerView; invited: boolean }> {
  requireKnownLocations([body.locationId]);
  const step = (name: string): CommandCtx => ({ ...ctx, idempotencyKey: `${ctx.idempotencyKey}:${name}` });
  const by = ctx.metadata.actorId ?? 'system';
  let userId = await accountIdByEmail(deps, body.email);
  let invite = false;
  if (!userId) {
    ({ userId } = await registerAccount(deps, { email: body.email, firstName: body.firstName, lastName: body.lastName, provider: 'invitation' }, step('account')));
    invite = true;
  } else {
    invite = (await deps.stores.credentials.get(userId)) === null && (await invitedAccount(deps, userId));
  }

  const partnerId = partnerIdFor(userId, body.roleId);
  const enrolled = await handleCommand(
    deps.stores.eventStore,
    partnerDecider,
    partnerStream(partnerId),
    {
      type: 'ApprovePartner',
      partnerId,
      userId,
      role: body.roleId,
      profile: {
        businessName: body.businessName,
        licenseNumber: body.licenseNumber,
        experienceYears: body.experienceYears,
        contactEmail: body.email,
        contactPhone: null,
        businessDescription: null,
        bio: null,
        videoLink: null,
        officeSize: null,
        profileImage: null,
        companyImage: null,
      },
      locationIds: [body.locationId],
      source: { via: 'admin' },
      by,
      at: ctx.metadata.occurredAt,
      demo,
    },
    step('enrol'),
  );
  const granted = await handleCommand(deps.stores.eventStore, userDecider, userStream(userId), { type: 'GrantRole', role: body.roleId, by, at: ctx.metadata.occurredAt }, step('grant-role'));
  if (enrolled.events.length === 0 && granted.events.length === 0 && !invite) throw conflict(`This account is already a ${roleLabels[body.roleId]} partner in this location.`);
  if (invite) await inviteAccount(deps, userId, step('invitation'), roleLabels[body.roleId]);

  await waitForProjection(deps.stores.readStore, 'partners', enrolled.position);
  await waitForProjection(deps.stores.readStore, 'users', granted.position);
  const doc = await findPartner(deps.stores.readStore, partnerId);
  const [partner] = await adminPartnerViews(deps.stores.readStore, doc ? [doc] : []);
  return { partner: partner!, invited: invite };
}

/** Whether the account was created by an admin's invitation (rather than by its owner). */
async function invitedAccount(deps: Pick<AppDeps, 'stores'>, userId: string): Promise<boolean> {
  const { history } = await loadAggregate(deps.stores.eventStore, userDecider, userStream(userId));
  const registered = history.find((e) => e.type === 'UserRegistered');
  return (registered?.data as { provider?: string } | undefined)?.provider === 'invitation';
}
