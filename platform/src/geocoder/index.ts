export * from './geocoder';
export { EmbeddedGeocoder } from './embedded-geocoder';
export { NominatimGeocoder, FallbackGeocoder } from './nominatim-geocoder';

import type { Geocoder } from './geocoder';
import { EmbeddedGeocoder } from './embedded-geocoder';
import { FallbackGeocoder, NominatimGeocoder } from './nominatim-geocoder';

/** Nominatim when GEOCODER_URL is set (falling back to the embedded one), else embedded. */
export function createGeocoder(config: { GEOCODER_URL?: string }, onError?: (error: unknown) => void): Geocoder {
  const embedded = new EmbeddedGeocoder();
  return config.GEOCODER_URL ? new FallbackGeocoder([new NominatimGeocoder(config.GEOCODER_URL), embedded], onError) : embedded;
}
