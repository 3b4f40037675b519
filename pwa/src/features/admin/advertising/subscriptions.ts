/**
 * The subscriptions list (GET /api/admin/partner-ad-subscriptions, PATCH …/{id} {status}):
 * Pause when active, Activate when paused, Expire always offered (partner/admin spec "/admin",
 * §4: active ↔ paused, any state → expired, which is final).
 */
import type { AdminAdSubscriptionView, UpdateAdSubscriptionRequest } from '@kainga/contracts';
import type { AdSubscriptionStatus } from '@kainga/contracts/browser';

export const ADMIN_SUBSCRIPTIONS_PATH = '/api/admin/partner-ad-subscriptions';
export const subscriptionUrl = (id: string) => `${ADMIN_SUBSCRIPTIONS_PATH}/${encodeURIComponent(id)}`;

export const subscriptionStatusBadges: Record<AdSubscriptionStatus, { label: string; color: string }> = {
  // A checkout waiting for Stripe to confirm its first payment: only Expire is offered.
  incomplete: { label: 'Awaiting payment', color: 'blue' },
  active: { label: 'Active', color: 'green' },
  paused: { label: 'Paused', color: 'orange' },
  expired: { label: 'Expired', color: 'default' },
};

export interface SubscriptionAction {
  label: 'Pause' | 'Activate' | 'Expire';
  body: UpdateAdSubscriptionRequest;
  /** Expiring cannot be undone: the button asks first. */
  confirm: boolean;
  /** Expire stays offered on an expired subscription, but there is nothing left to do. */
  disabled: boolean;
}

export function subscriptionActions(status: AdSubscriptionStatus): SubscriptionAction[] {
  const actions: SubscriptionAction[] = [];
  if (status === 'active') actions.push({ label: 'Pause', body: { status: 'paused' }, confirm: false, disabled: false });
  if (status === 'paused') actions.push({ label: 'Activate', body: { status: 'active' }, confirm: false, disabled: false });
  actions.push({ label: 'Expire', body: { status: 'expired' }, confirm: true, disabled: status === 'expired' });
  return actions;
}

export const autoRenewLabel = (autoRenew: boolean) => (autoRenew ? 'Yes' : 'No');

/** "Aroha Ngata (Harbour Loans)". */
export const subscriberName = (s: Pick<AdminAdSubscriptionView, 'partner'>) =>
  `${s.partner.firstName} ${s.partner.lastName}`.trim() + (s.partner.businessName ? ` (${s.partner.businessName})` : '');

/** Live subscriptions first (active, awaiting payment, paused, then expired), newest start first within each. */
export function sortSubscriptions<S extends Pick<AdminAdSubscriptionView, 'status' | 'startDate'>>(subscriptions: readonly S[]): S[] {
  const rank: Record<AdSubscriptionStatus, number> = { active: 0, incomplete: 1, paused: 2, expired: 3 };
  return [...subscriptions].sort((a, b) => rank[a.status] - rank[b.status] || b.startDate.localeCompare(a.startDate));
}

type PaymentState = Pick<
  AdminAdSubscriptionView,
  'via' | 'stripeSubscriptionStatus' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'paymentDueSince' | 'paymentRetries' | 'statusReason' | 'lastPaymentError'
>;

/**
 * Each subscription's payment state for the admin, in one line: Stripe's status, the period,
 * an overdue renewal (since when, how many retries), why billing paused or ended it, and the card
 * provider's words for the last failure.
 */
export function paymentStateOf(s: PaymentState, formatDate: (iso: string) => string): string {
  if (s.via === 'admin') return 'Allocated — no payment';
  const parts = [`Stripe: ${s.stripeSubscriptionStatus ?? 'incomplete'}`];
  if (s.currentPeriodEnd) parts.push(`${s.cancelAtPeriodEnd ? 'ends' : 'renews'} ${formatDate(s.currentPeriodEnd)}`);
  if (s.paymentDueSince) parts.push(`overdue since ${formatDate(s.paymentDueSince)}, ${s.paymentRetries} ${s.paymentRetries === 1 ? 'retry' : 'retries'}`);
  if (s.statusReason) parts.push(s.statusReason);
  if (s.lastPaymentError) parts.push(`last failure: ${s.lastPaymentError}`);
  return parts.join(' · ');
}
