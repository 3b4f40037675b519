import type { RoleName } from '@kainga/contracts';

/** Whether two sets of roles are the same, whatever their order (and repeats). */
export function sameRoles(a: readonly RoleName[], b: readonly RoleName[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((r) => right.has(r));
}

/**
 * Why Save of a role edit is disabled, or null when it may be pressed (partner/admin spec: while
 * saving, while no role is ticked, or when the ticked roles equal the current ones).
 */
export function roleSaveBlock(ticked: readonly RoleName[], current: readonly RoleName[], saving: boolean): 'saving' | 'none' | 'unchanged' | null {
  if (saving) return 'saving';
  if (ticked.length === 0) return 'none';
  return sameRoles(ticked, current) ? 'unchanged' : null;
}
