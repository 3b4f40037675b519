export * from './payments';
export * from './payments-for';
export * from './payments-not-configured';
export { PAYMENT_PROVIDER_UNAVAILABLE, StripePayments, type StripePaymentsOptions } from './stripe-payments';
