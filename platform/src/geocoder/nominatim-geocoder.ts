import type { GeocodeQuery, GeocodeResult, Geocoder } from './geocoder';

/**
 * A Nominatim-compatible service (GEOCODER_URL, e.g. a self-hosted Nominatim). Searches within
 * New Zealand; when the service is down or finds nothing, the caller falls back to the embedded
 * geocoder, so a valuation never fails for want of a map pin.
 */
export class NominatimGeocoder implements Geocoder {
  constructor(
    private readonly baseUrl: string,
    private readonly options: { userAgent?: string; timeoutMs?: number } = {},
  ) {}

  async geocode(query: GeocodeQuery): Promise<GeocodeResult | null> {
    const url = new URL('search', this.baseUrl.endsWith('/') ? this.baseUrl : `${this.baseUrl}/`);
    url.search = new URLSearchParams({
      q: [query.address, query.suburb, query.city, 'New Zealand'].filter((p) => p.trim()).join(', '),
      format: 'jsonv2',
      limit: '1',
      countrycodes: 'nz',
    }).toString();
    const res = await fetch(url, {
      headers: { 'user-agent': this.options.userAgent ?? 'Kainga property valuations', accept: 'application/json' },
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
    });
    if (!res.ok) throw new Error(`Geocoder answered ${res.status}`);
    const [hit] = (await res.json()) as { lat: string; lon: string; addresstype?: string }[];
    if (!hit) return null;
    const latitude = Number(hit.lat);
    const longitude = Number(hit.lon);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
    const precision = hit.addresstype === 'suburb' ? 'suburb' : hit.addresstype === 'city' || hit.addresstype === 'town' ? 'city' : 'address';
    return { latitude, longitude, precision, geocoder: 'nominatim' };
  }
}

/** Tries each geocoder in turn; one that fails or finds nothing hands over to the next. */
export class FallbackGeocoder implements Geocoder {
  constructor(private readonly chain: readonly Geocoder[], private readonly onError?: (error: unknown) => void) {}
  async geocode(query: GeocodeQuery): Promise<GeocodeResult | null> {
    for (const g of this.chain) {
      try {
        const hit = await g.geocode(query);
        if (hit) return hit;
      } catch (error) {
        this.onError?.(error);
      }
    }
    return null;
  }
}
