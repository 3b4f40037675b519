import type { AppDeps } from '../../deps';
import { VisitorHasher } from './ad-visitor';
import { AllowanceHolder } from './allowance-holder';
import { ServeTokens } from './serve-token';
import { TrafficFilter } from './traffic-filter';
import { VisitorDayKeys } from './visitor-day-keys';

/**
 * What serving adverts (GET /api/ads/active) and counting them (POST /api/ads/impression, click)
 * share in one process: the browser-session hashing, the serve tokens one signs and the other
 * checks, and the filter's memory. One per app (app.ts).
 */
export interface AdServing {
  hasher: VisitorHasher;
  tokens: ServeTokens;
  filter: TrafficFilter;
}

export function adServing(deps: Pick<AppDeps, 'sessionSecret' | 'stores'>): AdServing {
  const tokens = new ServeTokens(deps.sessionSecret);
  return { hasher: new VisitorHasher(new VisitorDayKeys(deps.stores.personalKeys)), tokens, filter: new TrafficFilter(tokens, new AllowanceHolder(deps.stores.eventStore)) };
}
