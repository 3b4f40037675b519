/** Places an address on the map. */
export interface GeocodeQuery {
  address: string;
  suburb: string;
  city: string;
}

export interface GeocodeResult {
  latitude: number;
  longitude: number;
  /** How exact the point is: the embedded geocoder only knows towns, so it says 'suburb' or 'city'. */
  precision: 'address' | 'suburb' | 'city';
  geocoder: string;
}

export interface Geocoder {
  geocode(query: GeocodeQuery): Promise<GeocodeResult | null>;
}
