import { findLocation } from '@kainga/contracts';
import { createHash } from 'node:crypto';
import type { GeocodeQuery, GeocodeResult, Geocoder } from './geocoder';

const KM_PER_DEGREE_LAT = 110.574;

/** Two numbers in [0, 1) from a text, the same every time. */
function unitPair(text: string): [number, number] {
  const h = createHash('sha256').update(text.trim().toLowerCase()).digest();
  return [h.readUInt32BE(0) / 2 ** 32, h.readUInt32BE(4) / 2 ** 32];
}

function offset(lat: number, lng: number, km: number, angle: number): [number, number] {
  const dLat = (km * Math.cos(angle)) / KM_PER_DEGREE_LAT;
  const dLng = (km * Math.sin(angle)) / (111.32 * Math.cos((lat * Math.PI) / 180));
  return [lat + dLat, lng + dLng];
}

/**
 * The embedded default: no network, no street data. It knows where each town of the list is, and
 * no more: it scatters a suburb deterministically 0.5–4 km from the town centre and an address
 * within 400 m of that, so a town's homes do not sit on one map marker. The point says nothing
 * truer than the town, so its precision is 'city' (distances are not measured from it); set
 * GEOCODER_URL for real address geocoding. Valuations place a home among the known sales of its
 * street or suburb first (`locateHome`).
 */
export class EmbeddedGeocoder implements Geocoder {
  async geocode(query: GeocodeQuery): Promise<GeocodeResult | null> {
    const town = findLocation(query.city);
    if (!town) return null;
    let [lat, lng] = [town.latitude, town.longitude];
    const suburb = query.suburb.trim();
    if (suburb) {
      const [r, a] = unitPair(`${town.id}|${suburb}`);
      [lat, lng] = offset(lat, lng, 0.5 + r * 3.5, a * 2 * Math.PI);
    }
    const [r, a] = unitPair(`${town.id}|${suburb}|${query.address}`);
    [lat, lng] = offset(lat, lng, Math.sqrt(r) * 0.4, a * 2 * Math.PI);
    return { latitude: round(lat), longitude: round(lng), precision: 'city', geocoder: 'embedded' };
  }
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;
