import type { ExportFile } from './export-files';
import type { ExportScope } from './export-scope';

const nzTime = new Intl.DateTimeFormat('en-NZ', { timeZone: 'Pacific/Auckland', dateStyle: 'long', timeStyle: 'short' });

/**
 * README.txt: what the archive is, when it was made, what each file holds, what is not in it and
 * why, and how to ask for a correction or erasure (Privacy Act 2020, IPP 6 and 7).
 */
export function exportReadme(scope: ExportScope, files: readonly ExportFile[], images: number, at: Date, by: 'self' | 'admin'): string {
  const { user, counts } = scope;
  const lines = [
    'Your data from Kāinga',
    '=====================',
    '',
    `This archive holds everything Kāinga keeps about ${[user.firstName, user.lastName].filter(Boolean).join(' ') || 'you'} (${user.email}).`,
    `It was made on ${nzTime.format(at)} (New Zealand time)${by === 'admin' ? ' by a Kāinga administrator, at your request' : ' when you asked for it from your profile'}.`,
    `It holds ${counts.properties} properties, ${counts.valuations} valuations and ${counts.messagesSent} requests you sent to partners${scope.partners.length > 0 ? `, and ${counts.leadsReceived} requests your business received` : ''}.`,
    '',
    'The files are JSON (open them in a text editor, or load them into a spreadsheet or program). Times are UTC, in ISO 8601 form.',
    '',
    'Files',
    '-----',
    ...files.map((f) => `${f.name}\n    ${f.holds}`),
    ...(images > 0 ? [`images/\n    The ${images === 1 ? 'image' : `${images} images`} you uploaded (profile, company and advert images), as stored.`] : []),
    '',
    'Not in this archive',
    '-------------------',
    '- Your password and its hash, your sign-in sessions and the one-time links we emailed you: they are secrets, kept only to keep your account safe.',
    '- Anything about other people, except what they sent to your business (see leads-received.json) and who answered you.',
    '- Counts of how often adverts were seen, by day and town, beyond the totals in ad-subscriptions.json, and records of filtered advert traffic: they are about visitors, not about you.',
    '- Requests sent while you were signed out: we cannot tell they were yours. Ask us (below) and we will find them by email address.',
    '',
    'Corrections and erasure',
    '-----------------------',
    'You can change your name and email on your profile page, and your partner profile from the partner dashboard.',
    'To have anything else corrected, or your account and data erased, write to the Kāinga team from the email address on',
    'your account (reply to any email we sent you), saying what you would like corrected or erased. We answer within 20 working',
    'days, as the Privacy Act 2020 asks, and tell you what we did.',
    '',
  ];
  return lines.join('\n');
}
