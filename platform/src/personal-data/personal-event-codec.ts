import { personalDataRules, type PersonalFieldGroup } from '@kainga/contracts';
import type { CachedVaultKeys } from './cached-vault-keys';
import { visitorPersonOf } from './personal-data-vault';
import { open, seal } from './sealed-box';

/** How sealed fields sit in a stored event's data: the scope, which paths it holds, and the box. */
export interface SealedFields {
  scope: string;
  paths: string[];
  box: string;
}
/** The data key holding an event's sealed fields (a name no event schema uses). */
export const SEALED_KEY = '$personal';

type Data = Record<string, unknown>;
type Rules = Readonly<Record<string, readonly PersonalFieldGroup[]>>;

const getPath = (data: Data, path: string): unknown => path.split('.').reduce<unknown>((at, part) => (at && typeof at === 'object' ? (at as Data)[part] : undefined), data);
function setPath(data: Data, path: string, value: unknown) {
  const parts = path.split('.');
  const last = parts.pop()!;
  let at = data;
  for (const part of parts) at = (at[part] ??= {}) as Data;
  at[last] = value;
}
function deletePath(data: Data, path: string) {
  const parts = path.split('.');
  const last = parts.pop()!;
  const parent = parts.reduce<Data | undefined>((at, part) => at?.[part] as Data | undefined, data);
  if (parent) delete parent[last];
}
const associatedData = (eventId: string, scope: string) => `${eventId}|${scope}`;

/**
 * Seals and opens the personal fields of events by the rules in contracts (personal-data.ts).
 * Sealed, a field is gone from the event's data and sits, with the others of its scope, in one
 * AES-GCM box under the scope's key; opened, the event reads as it was written. Once the key is
 * destroyed each sealed field reads as its rule's erased value and the event says so.
 */
export class PersonalEventCodec {
  constructor(
    private readonly keys: CachedVaultKeys,
    private readonly rules: Rules = personalDataRules,
  ) {}

  /** Whether events of this type hold personal fields (none: stored as they are). */
  hasPersonalFields(type: string): boolean {
    return type in this.rules;
  }

  /** The data to store for a new event (its data unchanged when it has no personal field). */
  async seal(event: { id: string; type: string; data: unknown }): Promise<unknown> {
    const groups = this.rules[event.type];
    if (!groups || !event.data || typeof event.data !== 'object') return event.data;
    const data = structuredClone(event.data) as Data;
    const sealed: SealedFields[] = [];
    for (const group of groups) {
      const scope = group.scope(event.data as Data);
      const paths = Object.keys(group.fields).filter((path) => getPath(data, path) !== undefined);
      if (!paths.length) continue;
      const key = await this.keys.keyFor(scope, await this.personOf(group, event.data as Data));
      const values = Object.fromEntries(paths.map((path) => [path, getPath(data, path)]));
      if (!key) {
        // The scope was erased: what is written about it now is dropped, never sealed or kept.
        for (const path of paths) setPath(data, path, group.fields[path]);
        continue;
      }
      for (const path of paths) deletePath(data, path);
      sealed.push({ scope, paths, box: seal(key, associatedData(event.id, scope), JSON.stringify(values)) });
    }
    if (sealed.length) data[SEALED_KEY] = sealed;
    return data;
  }

  /** The event's data as written, or with erased fields where a key was destroyed; `erased` says which. */
  async open(event: { id: string; type: string; data: unknown }): Promise<{ data: unknown; erased: boolean }> {
    const stored = event.data as Data | null;
    const sealed = stored && typeof stored === 'object' ? (stored[SEALED_KEY] as SealedFields[] | undefined) : undefined;
    if (!sealed) return { data: event.data, erased: false };
    const data = { ...stored };
    delete data[SEALED_KEY];
    // Nested objects are copied before a path is written into them: the stored event stays as it is.
    for (const box of sealed) for (const path of box.paths) if (path.includes('.')) data[path.split('.')[0]!] = { ...(data[path.split('.')[0]!] as Data) };
    let erased = false;
    for (const box of sealed) {
      const key = await this.keys.keyOf(box.scope);
      if (key) {
        const values = JSON.parse(open(key, associatedData(event.id, box.scope), box.box)) as Data;
        for (const path of box.paths) setPath(data, path, values[path]);
      } else {
        erased = true;
        const fields = Object.assign({}, ...(this.rules[event.type] ?? []).map((g) => g.fields)) as Data;
        for (const path of box.paths) setPath(data, path, fields[path] ?? null);
      }
    }
    return { data, erased };
  }

  private async personOf(group: PersonalFieldGroup, data: Data): Promise<string | null> {
    const person = group.person?.(data) ?? null;
    if (person === null || typeof person === 'string') return person;
    return visitorPersonOf(await this.keys.visitorSecret(), person.visitorEmail);
  }
}
