import { propertyFacts, type PropertyFactsInput } from './property-text';

/** Beds, baths, m² floor, m² land — each only when present (consumer spec §2). */
export function PropertyFacts({ property }: { property: PropertyFactsInput }) {
  const facts = propertyFacts(property);
  if (facts.length === 0) return null;
  return (
    <ul className="property-facts" aria-label="Property facts">
      {facts.map((f) => (
        <li key={f.key} data-fact={f.key}>
          {f.text}
        </li>
      ))}
    </ul>
  );
}
