export { buildApp, BODY_LIMIT } from './app';
export type { AppDeps } from './deps';
export { registerAccount, changeRoles } from './accounts/accounts';
export { SESSION_COOKIE } from './plugins/sessions';
export * from './valuations/valuation-commands';
export { researchComparables } from './valuations/research';
export { cityMarketFigures, estimateValue, estimateWithOpenAI, findComparables, type ValuationSubject } from './valuations/model';
export { recordSale, saleIdOf } from './sales/sale';
export { openAiFrom, type OpenAiValuer } from './valuations/openai-client';
