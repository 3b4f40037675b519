import type { PartnerRoleName, RoleName } from '@kainga/contracts';
import { changeRoles, registerAccount, type AppDeps } from '@kainga/command-api';

/** Everyone in the demo shares this password; the README says so, and it only exists in demo data. */
export const DEMO_PASSWORD = 'kainga-demo-2025';

const people: { email: string; firstName: string; lastName: string; roles: RoleName[] }[] = [
  { email: 'admin@demo.kainga.nz', firstName: 'Mere', lastName: 'Admin (demo)', roles: ['general', 'admin'] },
  { email: 'owner@demo.kainga.nz', firstName: 'Tama', lastName: 'Owner (demo)', roles: ['general'] },
  ...(
    [
      ['broker@demo.kainga.nz', 'Aria', 'Broker (demo)', 'mortgage_broker'],
      ['valuer@demo.kainga.nz', 'Wiremu', 'Valuer (demo)', 'registered_valuer'],
      ['manager@demo.kainga.nz', 'Hine', 'Manager (demo)', 'property_manager'],
    ] as [string, string, string, PartnerRoleName][]
  ).map(([email, firstName, lastName, role]) => ({ email, firstName, lastName, roles: [role] as RoleName[] })),
];

/**
 * Demo data for an empty DATA_DIR, through the same commands a person would issue. Every demo
 * account is on the demo.kainga.nz domain and says "(demo)" in its name. Later areas (listings,
 * sales, partners, plans) add their own demo data here.
 */
export async function seedDemoData(deps: AppDeps, onProgress?: (done: number, total: number) => void): Promise<number> {
  let done = 0;
  for (const person of people) {
    const metadata = { actorId: null, actorRoles: [], correlationId: `demo-seed`, causationId: null, occurredAt: new Date().toISOString() };
    const ctx = { idempotencyKey: `demo-seed:${person.email}`, metadata };
    const { userId } = await registerAccount(deps, { ...person, password: DEMO_PASSWORD, provider: 'password' }, ctx);
    if (person.roles.join() !== 'general') await changeRoles(deps, userId, person.roles, { ...ctx, idempotencyKey: `demo-seed:${person.email}:roles` });
    onProgress?.(++done, people.length);
  }
  return done;
}
