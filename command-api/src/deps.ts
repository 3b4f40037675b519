import type { Config, EmailSender, Geocoder, Logger, Payments, ProjectionStatus, Stores } from '@kainga/platform';
import type { WorkflowEngine } from '@kainga/platform/workflow';
import type { OAuthEndpoints, OAuthProviderId } from './auth/oauth-providers';

/** Everything the API needs from outside; ops wires it, tests build it on a temporary DATA_DIR. */
export interface AppDeps {
  config: Config;
  stores: Stores;
  logger: Logger;
  /** ≥ 32 characters; signs the session cookie. */
  sessionSecret: string;
  /** The built PWA to serve beside the API (absent in API-only tests). */
  pwaDir?: string;
  /** Live projection status for /api/ready, when projections run in this process. */
  projectionStatus?: () => ProjectionStatus[];
  /** Places addresses on the map (embedded, or Nominatim when GEOCODER_URL is set). */
  geocoder: Geocoder;
  /** Runs valuations (Temporal or in-process); absent on a projections-only process. */
  workflowEngine?: WorkflowEngine;
  /** Outgoing email; absent: `.eml` files in DATA_DIR/outbox (auth/admin-email). */
  email?: EmailSender;
  /** Card payments; absent: chosen by the Stripe variables (billing/payments-of.ts). */
  payments?: Payments;
  /** Overrides of the OAuth providers' endpoints (tests use a local server). */
  oauthEndpoints?: Partial<Record<OAuthProviderId, Partial<OAuthEndpoints>>>;
}
