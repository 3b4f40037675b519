/**
 * The valuation model: comparable sales, the local estimate and the OpenAI valuer with the local
 * estimate as its fallback. Pure functions except `estimateWithOpenAI` (one HTTP call).
 */
export { haversineKm, EARTH_RADIUS_KM, type LatLng } from './distance';
export { leastSquares, normalWithin } from './statistics';
export {
  findComparables,
  matchSale,
  normalisePlace,
  MAX_COMPARABLES,
  MIN_COMPARABLES,
  MIN_MATCH_PERCENTAGE,
  SEARCH_WINDOWS_MONTHS,
  MATCH_WEIGHTS,
  type ValuationSubject,
  type ComparablesResult,
  type MatchBreakdown,
} from './comparables';
export { cityMarketFigures, cityTrendPerMonthOf, CITY_FIGURES_WINDOW_MONTHS, CITY_TREND_MIN_SALES, type CityMarketFigures } from './city-figures';
export { rangeScaleOf, RANGE_COVERAGE, RANGE_CALIBRATION_SALES, RANGE_CALIBRATION_MIN } from './range-calibration';
export { CONFIDENCE_WITHIN, estimateValue, MODEL_ENGINE_VERSION, NOT_ENOUGH_INFORMATION, type EstimateInput, type EstimateContext } from './estimate';
export {
  estimateWithOpenAI,
  buildValuationPrompt,
  checkAnswer,
  AiValuationAnswer,
  VALUER_BRIEF,
  OPENAI_TIMEOUT_MS,
  MAX_DEVIATION_FROM_MODEL,
  type OpenAIValuerDeps,
} from './openai-valuer';
