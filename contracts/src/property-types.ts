/**
 * The kind of home (issue 11): it changes what a square metre is worth and which sales compare.
 * Zod-free so the web app's bundle can show the names; the schema is `PropertyTypeSchema`.
 */
export const propertyTypes = ['house', 'townhouse', 'unit', 'apartment'] as const;
export type PropertyType = (typeof propertyTypes)[number];

/** A home whose type was never given is a house: the form's default, and most of New Zealand's homes. */
export const DEFAULT_PROPERTY_TYPE: PropertyType = 'house';

export const propertyTypeLabels: Record<PropertyType, string> = {
  house: 'House',
  townhouse: 'Townhouse',
  unit: 'Unit',
  apartment: 'Apartment',
};

/** What each type means, for the form's hint. */
export const propertyTypeHints: Record<PropertyType, string> = {
  house: 'A stand-alone home on its own section.',
  townhouse: 'A home of two or more storeys joined to its neighbours, on a small title of its own.',
  unit: 'A flat or unit on a shared (cross-lease or unit-title) section.',
  apartment: 'A home in a multi-storey building with no land of its own.',
};

export const isPropertyType = (value: unknown): value is PropertyType => typeof value === 'string' && (propertyTypes as readonly string[]).includes(value);

/** The type of a property or sale, absent in what was recorded before types existed: a house. */
export const propertyTypeOf = (x: { propertyType?: PropertyType | null | undefined }): PropertyType => x.propertyType ?? DEFAULT_PROPERTY_TYPE;

/**
 * A property type written by a person or a file ("Town house", "APARTMENT", "flat"), or null
 * when it is none of them. Flats are units, as New Zealand's sales records file them.
 */
export const parsePropertyType = (text: string): PropertyType | null => {
  const word = text.trim().toLowerCase().replace(/[\s_-]+/g, '');
  if (word === '') return null;
  if (isPropertyType(word)) return word;
  const aliases: Record<string, PropertyType> = { flat: 'unit', homeunit: 'unit', terrace: 'townhouse', terracedhouse: 'townhouse', dwelling: 'house', residentialhouse: 'house' };
  return aliases[word] ?? null;
};
