import { propertyTypeLabels, propertyTypeOf, type PropertyType } from '@kainga/contracts/browser';
import { propertyFacts, type PropertyFactsInput } from './property-text';

/**
 * The property's type (issue 11; a house when none was recorded), then beds, baths, m² floor,
 * m² land — each only when present (consumer spec §2).
 */
export function PropertyFacts({
  property,
  typePending = false,
}: {
  property: PropertyFactsInput & { propertyType?: PropertyType | null };
  /** The type is still being read: it is left out rather than shown as a house for a moment. */
  typePending?: boolean;
}) {
  const facts = propertyFacts(property);
  const hasType = property.propertyType !== undefined && property.propertyType !== null;
  if (facts.length === 0 && !hasType) return null;
  const type = propertyTypeLabels[propertyTypeOf({ propertyType: property.propertyType ?? undefined })];
  return (
    <ul className="property-facts" aria-label="Property facts">
      {!typePending && (
        <li key="propertyType" data-fact="propertyType">
          {type}
        </li>
      )}
      {facts.map((f) => (
        <li key={f.key} data-fact={f.key}>
          {f.text}
        </li>
      ))}
    </ul>
  );
}
