/** Places an address on the map. */
export interface GeocodeQuery {
  address: string;
  suburb: string;
  city: string;
}

export interface GeocodeResult {
  latitude: number;
  longitude: number;
  /**
   * How exact the point is: the embedded geocoder only knows towns, so it says 'city'; placed
   * among the known sales of the street or suburb, 'street' or 'suburb'.
   */
  precision: 'address' | 'street' | 'suburb' | 'city';
  /** How far the home may be from the point (km), when known. */
  accuracyKm?: number | null;
  geocoder: string;
}

export interface Geocoder {
  geocode(query: GeocodeQuery): Promise<GeocodeResult | null>;
}
