import type { LeadChargeAllowanceEvent } from '@kainga/contracts';
import { deciderSpec } from '@kainga/platform/testing';
import { describe, it } from 'vitest';
import { LEAD_CHARGES_PER_PARTNER_PER_DAY, leadChargeAllowanceDecider } from './lead-charge-allowance';

const at = '2026-11-23T00:00:00.000Z';
const admit = (leadId: string) => ({ type: 'AdmitLeadCharge', partnerId: 'p1', day: '2026-11-23', leadId, at }) as const;
const admitted = (leadId: string): LeadChargeAllowanceEvent => ({ type: 'LeadChargeAdmitted', data: { partnerId: 'p1', day: '2026-11-23', leadId, admittedAt: at } });
const full = Array.from({ length: LEAD_CHARGES_PER_PARTNER_PER_DAY }, (_, i) => admitted(`l${i}`));
const spec = deciderSpec(leadChargeAllowanceDecider);

describe('lead charge allowance decider (a partner’s charged leads of one day)', () => {
  it('admits a lead while the day has room', () => {
    spec.given([]).when(admit('l0')).then([admitted('l0')]);
    spec.given(full.slice(0, -1)).when(admit('last')).then([admitted('last')]);
  });

  it('admits a lead once: asking again adds nothing', () => {
    spec.given([admitted('l0')]).when(admit('l0')).thenNothingHappens();
    spec.given(full).when(admit('l3')).thenNothingHappens();
  });

  it('admits no more once the day is full', () => {
    spec.given(full).when(admit('one-too-many')).thenNothingHappens();
  });
});
