import { z } from 'zod';

/**
 * The parts of a Stripe webhook event that stripe-notices.ts reads, as zod schemas: a signed
 * event is authentic, not necessarily well formed (a fixture sent with `stripe trigger`, an API
 * version that moved a field, a bug at Stripe), and the SDK's types are a promise the JSON need not
 * keep. Whatever is read is checked here first, so a missing or wrong field becomes a reason to
 * record rather than a crash (an invalid Date, a 500, and Stripe retrying it for days).
 *
 * Fields of API versions before 2025-03-31.basil (`invoice.subscription`,
 * `invoice.subscription_details`, `subscription.current_period_*`) are read as a fallback, as
 * stripe-notices.ts explains; unknown fields are ignored.
 */

/** A time as Stripe gives it, in seconds; up to the end of year 9999, so its ISO text stays ISO 8601. */
const Seconds = z.number().int().min(0).max(253_402_300_799);
const Id = z.string().min(1);
/** A reference Stripe may expand: the id, or the object with its id. */
const Reference = z.union([Id, z.object({ id: Id })]).nullish();
const Metadata = z.record(z.string(), z.string()).nullish();

/** The event itself; its object is read by its type's schema below. */
export const StripeEventEnvelope = z.object({
  id: Id,
  type: Id,
  created: Seconds,
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
export type StripeEventEnvelope = z.infer<typeof StripeEventEnvelope>;

const SubscriptionDetails = z.object({ subscription: Reference, metadata: Metadata }).nullish();

/** An invoice: whose subscription it is, the period it pays for (its lines', else its own), its payment. */
const invoiceFields = {
  id: Id,
  parent: z.object({ subscription_details: SubscriptionDetails }).nullish(),
  subscription: Reference,
  subscription_details: SubscriptionDetails,
  billing_reason: z.string().nullish(),
  period_start: Seconds,
  period_end: Seconds,
  lines: z.object({ data: z.array(z.object({ period: z.object({ start: Seconds, end: Seconds }).nullish() })) }).nullish(),
};
export const StripePaidInvoice = z.object({ ...invoiceFields, amount_paid: z.number().int().min(0), currency: Id });
export type StripePaidInvoice = z.infer<typeof StripePaidInvoice>;
export const StripeFailedInvoice = z.object({ ...invoiceFields, attempt_count: z.number().int().min(0), next_payment_attempt: Seconds.nullish() });
export type StripeFailedInvoice = z.infer<typeof StripeFailedInvoice>;

export const StripeSubscription = z.object({
  id: Id,
  status: Id,
  cancel_at_period_end: z.boolean(),
  metadata: Metadata,
  items: z.object({ data: z.array(z.object({ current_period_start: Seconds.optional(), current_period_end: Seconds.optional() })) }).nullish(),
  current_period_start: Seconds.nullish(),
  current_period_end: Seconds.nullish(),
});
export type StripeSubscription = z.infer<typeof StripeSubscription>;

export const StripePaymentIntent = z.object({
  id: Id,
  metadata: Metadata,
  last_payment_error: z.object({ message: z.string().nullish() }).nullish(),
});
export type StripePaymentIntent = z.infer<typeof StripePaymentIntent>;

/** The most issues a reason names: enough to fix the sender, short enough to record. */
const REASON_ISSUES = 5;

/** A refusal in a line an operator can act on: `data.object.period_end: Invalid input: expected number, received undefined`. */
export function shapeProblem(error: z.ZodError, under: readonly PropertyKey[] = []): string {
  const named = error.issues.slice(0, REASON_ISSUES).map((issue) => `${[...under, ...issue.path].map(String).join('.') || '(the event)'}: ${issue.message}`);
  const more = error.issues.length - named.length;
  return named.join('; ') + (more > 0 ? `; and ${more} more` : '');
}
