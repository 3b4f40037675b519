import type { AdContentEvent, AdContentFields } from '@kainga/contracts';
import { deciderSpec } from '@kainga/platform/testing';
import { describe, it } from 'vitest';
import { adContentDecider, type AdContentCommand } from './ad-content';

const at = '2026-11-23T00:00:00.000Z';
const content: AdContentFields = { title: 'Fair valuations', description: 'Registered valuers in Auckland.', imageUrl: null, ctaText: 'Learn More', ctaUrl: 'https://valuers.example.nz', targetRoles: [] };
const edited: AdContentFields = { ...content, title: 'Fast, fair valuations' };
const active = { subscriptionId: 's1', status: 'active' } as const;
const expired = { subscriptionId: 's1', status: 'expired' } as const;

const submitted: AdContentEvent = { type: 'AdContentSubmitted', data: { adContentId: 'c1', subscriptionId: 's1', partnerId: 'p1', content, by: 'u1', at, demo: false } };
const approved: AdContentEvent = { type: 'AdContentApproved', data: { adContentId: 'c1', by: 'admin', at } };
const rejected: AdContentEvent = { type: 'AdContentRejected', data: { adContentId: 'c1', reason: 'Blurry image', by: 'admin', at } };
const paused: AdContentEvent = { type: 'AdContentPaused', data: { adContentId: 'c1', by: 'u1', at } };

const submit: AdContentCommand = { type: 'SubmitAdContent', adContentId: 'c1', partnerId: 'p1', subscription: active, content, by: 'u1', at };
const revise = (partnerId = 'p1', subscription: { subscriptionId: string; status: 'active' | 'paused' | 'expired' } = active): AdContentCommand => ({
  type: 'ReviseAdContent',
  partnerId,
  subscription,
  content: edited,
  by: 'u1',
  at,
});
const setStatus = (status: 'active' | 'paused', partnerId = 'p1'): AdContentCommand => ({ type: 'SetAdContentStatus', partnerId, status, by: 'u1', at });
const spec = deciderSpec(adContentDecider);

describe('ad content decider', () => {
  it('submits an advert for approval', () => spec.given([]).when(submit).then([submitted]));
  it('submits a demo advert flagged demo', () =>
    spec.given([]).when({ ...submit, demo: true } as AdContentCommand).then([{ ...submitted, data: { ...submitted.data, demo: true } } as AdContentEvent]));
  it('refuses an advert for an expired subscription', () => spec.given([]).when({ ...submit, subscription: expired } as AdContentCommand).thenRefuses('conflict', /expired/));
  it('refuses a second submission on the same stream', () => spec.given([submitted]).when(submit).thenRefuses('conflict'));

  it('sends a revised advert back for approval, from any state', () => {
    const revised: AdContentEvent = { type: 'AdContentRevised', data: { adContentId: 'c1', content: edited, by: 'u1', at } };
    spec.given([submitted]).when(revise()).then([revised]);
    spec.given([submitted, approved]).when(revise()).then([revised]);
    spec.given([submitted, rejected]).when(revise()).then([revised]);
  });
  it('records nothing for an unchanged advert, so an approved one stays live; a rejected one goes back unchanged', () => {
    spec.given([submitted]).when({ ...revise(), content } as AdContentCommand).thenNothingHappens();
    spec.given([submitted, approved]).when({ ...revise(), content } as AdContentCommand).thenNothingHappens();
    spec.given([submitted, rejected]).when({ ...revise(), content } as AdContentCommand).then([{ type: 'AdContentRevised', data: { adContentId: 'c1', content, by: 'u1', at } }]);
  });
  it('answers another partner’s advert as not found', () => spec.given([submitted]).when(revise('p2')).thenRefuses('not_found', /Advert not found/));
  it('keeps an advert with its subscription, and refuses edits once it expired', () => {
    spec.given([submitted]).when(revise('p1', { subscriptionId: 's2', status: 'active' })).thenRefuses('invalid');
    spec.given([submitted]).when(revise('p1', expired)).thenRefuses('conflict', /expired/);
  });

  it('approves an advert awaiting approval, and only such an advert', () => {
    spec.given([submitted]).when({ type: 'ApproveAdContent', by: 'admin', at }).then([approved]);
    spec.given([submitted, approved]).when({ type: 'ApproveAdContent', by: 'admin', at }).thenRefuses('conflict', /not awaiting approval/);
    spec.given([submitted, rejected]).when({ type: 'ApproveAdContent', by: 'admin', at }).thenRefuses('conflict');
    spec.given([]).when({ type: 'ApproveAdContent', by: 'admin', at }).thenRefuses('not_found');
  });

  it('rejects with a trimmed, non-blank reason', () => {
    spec.given([submitted]).when({ type: 'RejectAdContent', reason: '  Blurry image ', by: 'admin', at }).then([rejected]);
    spec.given([submitted]).when({ type: 'RejectAdContent', reason: '   ', by: 'admin', at }).thenRefuses('invalid', /reason/);
    spec.given([submitted, approved]).when({ type: 'RejectAdContent', reason: 'Misleading', by: 'admin', at }).then([{ type: 'AdContentRejected', data: { adContentId: 'c1', reason: 'Misleading', by: 'admin', at } }]);
    spec.given([submitted, rejected]).when({ type: 'RejectAdContent', reason: 'Again', by: 'admin', at }).thenRefuses('conflict');
  });

  it('lets the partner pause and resume an approved advert', () => {
    spec.given([submitted, approved]).when(setStatus('paused')).then([paused]);
    spec.given([submitted, approved, paused]).when(setStatus('active')).then([{ type: 'AdContentResumed', data: { adContentId: 'c1', by: 'u1', at } }]);
    spec.given([submitted, approved]).when(setStatus('active')).thenNothingHappens();
    spec.given([submitted, approved]).when(setStatus('paused', 'p2')).thenRefuses('not_found');
  });
  it('does not let a partner activate an advert an admin has not approved', () => {
    spec.given([submitted]).when(setStatus('active')).thenRefuses('conflict', /approved/);
    spec.given([submitted, rejected]).when(setStatus('active')).thenRefuses('conflict');
  });
});
