import type { EventMetadata, PartnerRoleName, User } from '@kainga/contracts';
import { ApplyApplicationRequest, countNoun, CreatePartnerRequest, EnquiryApplicationRequest, findLocation, PartnerProfileUpdateRequest, serviceTypeOfRole } from '@kainga/contracts';
import {
  applicationIdFor,
  applicationStream,
  approveApplication,
  createPartner,
  leadDecider,
  leadStream,
  loadUser,
  partnerDecider,
  partnerIdFor,
  partnerStream,
  receiveLead,
  registerAccount,
  rejectApplication,
  submitApplication,
  type AppDeps,
} from '@kainga/command-api';
import { handleCommand, loadAggregate, waitForProjection, type EventStore } from '@kainga/platform';
import { allProperties, type PropertyDoc } from '@kainga/projections';
import { renderDemoImage, storeDemoImage } from './demo-images';
import { demoSeedDecider, type DemoSeedCommand } from './demo-seed-marker';

/**
 * The marketplace's part of the demo seed has its own marker, beside `demoSeed-1`: a data dir
 * whose demo seed completed before the marketplace existed gets the partners (once) at its next
 * start, and a start killed part way through them finishes them. The same started/completed
 * events as the first marker; its completion counts the demo accounts this part registered.
 */
export const DEMO_PARTNERS_STREAM = 'demoSeed-partners';

/** Who a demo partner is, how they came to be one, and their profile. */
export interface DemoPartner {
  email: string;
  firstName: string;
  lastName: string;
  role: PartnerRoleName;
  /** How the partner joins: the /partner-enquiry form, the /apply form (each approved by the demo admin), or the admin's "Add New Partner Directly". */
  via: 'enquiry' | 'apply' | 'admin';
  /** Location ids; the /apply form and the admin's form name one. */
  locations: string[];
  businessName: string;
  licenseNumber: string;
  experienceYears: number;
  contactPhone: string;
  officeSize: number;
  colour: string;
}

const p = (email: string, firstName: string, lastName: string, role: PartnerRoleName, via: DemoPartner['via'], locations: string[], businessName: string, licenseNumber: string, experienceYears: number, contactPhone: string, officeSize: number, colour: string): DemoPartner => ({
  email: `${email}@demo.kainga.nz`,
  firstName,
  lastName,
  role,
  via,
  locations,
  businessName,
  licenseNumber,
  experienceYears,
  contactPhone,
  officeSize,
  colour,
});

/**
 * Nine partners, three per role: the three demo partner accounts serve Auckland (so every role
 * is listed there), the others the five next-biggest cities. Accounts on demo.kainga.nz,
 * "(demo)" in every person's and business's name.
 */
export const demoPartners: readonly DemoPartner[] = [
  p('broker', 'Aria', 'Broker (demo)', 'mortgage_broker', 'enquiry', ['auckland', 'hamilton'], 'Harbour Mortgage Co (demo)', 'FSP1000101 (demo)', 12, '09 555 0101', 6, '#1f6f8b'),
  p('valuer', 'Wiremu', 'Valuer (demo)', 'registered_valuer', 'enquiry', ['auckland', 'wellington'], 'Tāmaki Valuations (demo)', 'RV 2101 (demo)', 18, '09 555 0102', 4, '#6a4c93'),
  p('manager', 'Hine', 'Manager (demo)', 'property_manager', 'apply', ['auckland'], 'Kauri Property Management (demo)', 'REINZ 3101 (demo)', 9, '09 555 0103', 11, '#2a9d8f'),
  p('broker2', 'Sione', 'Tupou (demo)', 'mortgage_broker', 'admin', ['wellington'], 'Capital Home Loans (demo)', 'FSP1000102 (demo)', 7, '04 555 0104', 3, '#e76f51'),
  p('broker3', 'Grace', 'Li (demo)', 'mortgage_broker', 'apply', ['christchurch'], 'Ōtautahi Mortgage Advice (demo)', 'FSP1000103 (demo)', 15, '03 555 0105', 8, '#264653'),
  p('valuer2', 'Tom', 'Hughes (demo)', 'registered_valuer', 'enquiry', ['hamilton', 'tauranga'], 'Waikato & Bay Valuers (demo)', 'RV 2102 (demo)', 22, '07 555 0106', 5, '#8d6a9f'),
  p('valuer3', 'Anahera', 'Walker (demo)', 'registered_valuer', 'admin', ['dunedin'], 'Southern Valuation Partners (demo)', 'RV 2103 (demo)', 10, '03 555 0107', 2, '#457b9d'),
  p('manager2', 'Priya', 'Sharma (demo)', 'property_manager', 'apply', ['tauranga'], 'Bay Rentals & Management (demo)', 'REINZ 3102 (demo)', 6, '07 555 0108', 14, '#d4812f'),
  p('manager3', 'James', 'Ngata (demo)', 'property_manager', 'admin', ['christchurch'], 'Garden City Property Managers (demo)', 'REINZ 3103 (demo)', 20, '03 555 0109', 25, '#588157'),
];

const roleWork: Record<PartnerRoleName, { what: string; service: string; asks: string[]; answers: string[] }> = {
  mortgage_broker: {
    what: 'home loans, refinancing and first-home buyer lending',
    service: 'We compare offers from the main banks and non-bank lenders, explain every condition in plain words and stay with you until settlement.',
    asks: [
      'Kia ora, we are looking to refinance before our fixed term ends next month. Could you tell us what rates we might get?',
      'Hi, first home buyers here. We have a 10% deposit and would like to know how much we could borrow.',
      'We are thinking of buying a rental. Could we talk about lending against the equity in our home?',
    ],
    answers: [
      'Kia ora, thanks for getting in touch. Based on what you have told me there are a few good options; I have some times free this week for a 30-minute call. Which suits you?',
      'Thanks for your message. I would be happy to run the numbers for you: could you send your income details and current loan statement to my email, and I will come back to you within two working days.',
    ],
  },
  registered_valuer: {
    what: 'registered valuations for lending, sale, insurance and family matters',
    service: 'Reports are bank-accepted, delivered within five working days of the inspection, and every figure is explained.',
    asks: [
      'Hello, our bank needs a registered valuation for a top-up on our mortgage. How soon could you inspect?',
      'Kia ora, we would like an independent valuation before we list the house. What would it cost?',
      'Hi, could you value the property for insurance rebuild purposes?',
    ],
    answers: [
      'Kia ora, thanks for the request. I can inspect next Tuesday or Thursday morning; a lending valuation is $950 incl. GST and the report follows within five working days.',
      'Thanks for getting in touch. I can help with that: I will email you our engagement letter today, and we can book the inspection as soon as it is signed.',
    ],
  },
  property_manager: {
    what: 'residential tenancy management, from the first viewing to the final inspection',
    service: 'Tenants are checked carefully, rent is paid to you weekly, and our inspections keep you Healthy Homes compliant.',
    asks: [
      'Hi, we are moving overseas for two years and need someone to manage our home while it is rented. What are your fees?',
      'Kia ora, could you give us a rental appraisal for the property? We are thinking of renting it out from next month.',
      'Hello, our current manager is retiring. Could you take over the management of our rental?',
    ],
    answers: [
      'Kia ora, thank you for thinking of us. Our fee is 8% + GST of the rent collected, with no letting fee for the first tenancy; I could meet you at the property this week to talk it through.',
      'Thanks for your message. Based on recent lettings nearby I would expect the home to rent well; I will email a written appraisal and our management agreement today.',
    ],
  },
};

const cityOf = (locationId: string) => findLocation(locationId)?.cityName ?? locationId;
const places = (ids: readonly string[]) => ids.map(cityOf).join(' and ');
const initialsOf = (...words: string[]) =>
  words
    .map((w) => w.replace(/\(demo\)/g, '').trim())
    .join(' ')
    .split(/[\s&]+/)
    .filter((w) => /^\p{L}/u.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

/** The business description a demo partner sends (counts through countNoun: "1 person", never "1 people"). */
export function descriptionOf(partner: DemoPartner) {
  const work = roleWork[partner.role];
  return `${partner.businessName} is a demo business: ${countNoun(partner.officeSize, 'person', 'people')} in ${places(partner.locations)} offering ${work.what}. ${work.service}`;
}

/** The bio a demo partner sends. */
export function bioOf(partner: DemoPartner) {
  const first = partner.firstName;
  return `${first} is a demo partner of Kāinga (not a real person) with ${countNoun(partner.experienceYears, 'year', 'years')} in ${roleWork[partner.role].what}. ${first} grew up in ${cityOf(partner.locations[0]!)}, knows its suburbs street by street, and answers every enquiry within one working day.`;
}

/** The application form a partner (or applicant) sends, validated by the route's own schema. */
function applicationOf(partner: DemoPartner, images: { profileImage: string | null; companyImage: string | null }) {
  const common = {
    businessName: partner.businessName,
    contactEmail: partner.email,
    contactPhone: partner.contactPhone,
    licenseNumber: partner.licenseNumber,
    experienceYears: partner.experienceYears,
    businessDescription: descriptionOf(partner),
    requestedRoleId: partner.role,
  };
  if (partner.via === 'enquiry') {
    return { form: 'enquiry' as const, body: EnquiryApplicationRequest.parse({ ...common, requestedLocationIds: partner.locations, officeSize: partner.officeSize, bio: bioOf(partner), videoLink: null, ...images }) };
  }
  return { form: 'apply' as const, body: ApplyApplicationRequest.parse({ ...common, businessDescription: descriptionOf(partner).slice(0, 500), requestedLocationId: partner.locations[0] }) };
}

export interface DemoPartnerCounts {
  partners: number;
  applications: { pending: number; approved: number; rejected: number };
  leads: { new: number; contacted: number; responded: number };
  images: number;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The seed's "today" and the demo accounts it already registered (by email). */
export interface DemoPartnersInput {
  now: Date;
  ids: Readonly<Record<string, string>>;
  password: string;
  onProgress?: (phase: string, done: number, total: number) => void;
}

/** The marketplace marker's state. */
export async function demoPartnersState(eventStore: EventStore) {
  return (await loadAggregate(eventStore, demoSeedDecider, DEMO_PARTNERS_STREAM)).state;
}

/**
 * The partner marketplace's demo: partners of every role with full profiles and generated
 * images, applications pending, approved and rejected, and requests from the demo owner and
 * neighbours in every status, some answered — all through the commands the routes run, the
 * partners' answers emailed (to the outbox) by the lead-emails reactor when the server runs.
 *
 * Every step is keyed `demo-seed:partners:…`, so a run interrupted part way appends nothing
 * twice when it runs again, and the first run's "today" is kept in its marker.
 */
export async function seedDemoPartners(deps: AppDeps, input: DemoPartnersInput): Promise<DemoPartnerCounts> {
  const { eventStore, readStore, blobStore } = deps.stores;
  const meta = (at: Date, actor: User | null): EventMetadata => ({ actorId: actor?.id ?? null, actorRoles: actor?.roles ?? [], correlationId: 'demo-seed', causationId: null, occurredAt: at.toISOString() });
  const mark = (command: DemoSeedCommand) => handleCommand(eventStore, demoSeedDecider, DEMO_PARTNERS_STREAM, command, { idempotencyKey: `demo-seed:partners:${command.type}`, metadata: meta(new Date(command.at), null) });

  const started = await mark({ type: 'StartDemoSeed', now: input.now.toISOString(), at: new Date().toISOString() });
  const now = new Date(started.state.status === 'none' ? input.now : started.state.now).getTime();
  const ago = (days: number, hours = 0) => new Date(now - days * DAY + hours * HOUR);
  const key = (step: string) => `demo-seed:partners:${step}`;

  const leadPlan = demoPartners.map((_, j) => (j < 3 ? 6 : 3));
  const total = demoPartners.length + 4 + leadPlan.reduce((a, b) => a + b, 0);
  let done = 0;
  const progress = () => input.onProgress?.('partners', ++done, total);

  const user = async (userId: string) => {
    const found = await loadUser(deps, userId);
    if (!found) throw new Error(`demo account ${userId} is missing`);
    return found;
  };
  const admin = await user(input.ids['admin@demo.kainga.nz']!);

  // New demo accounts, which sign in with the demo password like the others.
  let accounts = 0;
  const idOf = async (person: { email: string; firstName: string; lastName: string }) => {
    const known = input.ids[person.email];
    if (known) return known;
    accounts++;
    const { userId } = await registerAccount(deps, { ...person, password: input.password, provider: 'password' }, { idempotencyKey: key(`account:${person.email}`), metadata: meta(ago(45), null) });
    return userId;
  };

  // A resumed run must not submit again: the check for a pending application of the same role
  // would meet the partner's later one (another city) and refuse.
  const submitOnce = async (...args: Parameters<typeof submitApplication>) => {
    const applicationId = applicationIdFor(args[3].idempotencyKey);
    if ((await eventStore.readStream(applicationStream(applicationId))).length > 0) return applicationId;
    return submitApplication(...args);
  };

  const imagesOf = async (who: string, person: { firstName: string; lastName: string }, business: string | null, colour: string) => ({
    profileImage: await storeDemoImage(blobStore, 'profile-images', key(`image:${who}:profile`), await renderDemoImage({ initials: initialsOf(person.firstName, person.lastName), colour, shape: 'portrait' })),
    companyImage: business ? await storeDemoImage(blobStore, 'company-images', key(`image:${who}:company`), await renderDemoImage({ initials: initialsOf(business), colour, shape: 'logo' })) : null,
  });

  // Partners: applied and approved by the demo admin, or added directly by them; then each
  // completes their profile in the editor (a no-op for the enquiry form, already complete).
  const partnerIds: string[] = [];
  const partnerUsers: User[] = [];
  for (const [j, partner] of demoPartners.entries()) {
    const userId = await idOf(partner);
    const approvedAt = ago(40 - j * 1.5);
    const images = await imagesOf(partner.email, partner, partner.businessName, partner.colour);
    if (partner.via === 'admin') {
      const body = CreatePartnerRequest.parse({ email: partner.email, firstName: partner.firstName, lastName: partner.lastName, roleId: partner.role, locationId: partner.locations[0], businessName: partner.businessName, licenseNumber: partner.licenseNumber, experienceYears: partner.experienceYears });
      await createPartner(deps, body, { idempotencyKey: key(`create:${partner.email}`), metadata: meta(approvedAt, admin) }, { demo: true });
    } else {
      const applicationId = await submitOnce(deps, await user(userId), applicationOf(partner, images), { idempotencyKey: key(`application:${partner.email}`), metadata: meta(ago(42 - j * 1.5), await user(userId)) }, { demo: true });
      await approveApplication(deps, applicationId, { idempotencyKey: key(`approve:${partner.email}`), metadata: meta(approvedAt, admin) });
    }
    const me = await user(userId);
    const edit = PartnerProfileUpdateRequest.parse({
      role: partner.role,
      firstName: me.firstName,
      lastName: me.lastName,
      businessName: partner.businessName,
      contactEmail: partner.email,
      licenseNumber: partner.licenseNumber,
      contactPhone: partner.contactPhone,
      businessDescription: descriptionOf(partner),
      bio: bioOf(partner),
      experienceYears: partner.experienceYears,
      officeSize: partner.officeSize,
      videoLink: null,
      ...images,
    });
    const { role: _role, firstName: _first, lastName: _last, ...profile } = edit;
    const partnerId = partnerIdFor(userId, partner.role);
    await handleCommand(eventStore, partnerDecider, partnerStream(partnerId), { type: 'UpdatePartnerProfile', profile, at: ago(40 - j * 1.5, 2).toISOString() }, { idempotencyKey: key(`profile:${partner.email}`), metadata: meta(ago(40 - j * 1.5, 2), me) });
    partnerIds.push(partnerId);
    partnerUsers.push(me);
    progress();
  }

  // Applications still to decide, and one turned down.
  const waiting: { as: DemoPartner; daysAgo: number }[] = [
    // A new account (the only demo account that is neither client nor partner).
    { as: p('applicant', 'Pita', 'Applicant (demo)', 'mortgage_broker', 'enquiry', ['wellington', 'lower-hutt'], 'Hutt Valley Lending (demo)', 'FSP1000104 (demo)', 4, '04 555 0110', 2, '#b5179e'), daysAgo: 1 },
    { as: p('neighbour3', 'Kiri', 'Neighbour (demo)', 'registered_valuer', 'apply', ['auckland'], 'Kiri Valuation Services (demo)', 'RV 2104 (demo)', 3, '09 555 0111', 1, '#7209b7'), daysAgo: 3 },
    // A partner asking to serve one more city: one application per location, as /apply has it.
    { as: { ...demoPartners[0]!, via: 'apply', locations: ['tauranga'] }, daysAgo: 5 },
  ];
  for (const { as, daysAgo } of waiting) {
    const userId = await idOf(as);
    const images = as.via === 'enquiry' ? await imagesOf(as.email, as, null, as.colour) : { profileImage: null, companyImage: null };
    const applyAs = await user(userId);
    await submitOnce(deps, applyAs, applicationOf(as, images), { idempotencyKey: key(`application:${as.email}:${as.role}:${as.locations[0]}`), metadata: meta(ago(daysAgo, -3), applyAs) }, { demo: true });
    progress();
  }
  const rejected = p('neighbour4', 'Manaia', 'Neighbour (demo)', 'property_manager', 'apply', ['auckland'], 'Manaia Rentals (demo)', '', 0, '09 555 0112', 1, '#3a0ca3');
  const rejectedBy = await user(input.ids[rejected.email]!);
  const rejectedId = await submitOnce(deps, rejectedBy, applicationOf(rejected, { profileImage: null, companyImage: null }), { idempotencyKey: key(`application:${rejected.email}`), metadata: meta(ago(20), rejectedBy) }, { demo: true });
  await rejectApplication(
    deps,
    rejectedId,
    'We could not verify that your business manages rental properties yet. You are welcome to apply again once it has its first properties under management.',
    { idempotencyKey: key(`reject:${rejected.email}`), metadata: meta(ago(18), admin) },
  );
  progress();

  // Requests from the demo owner and neighbours, about their own demo homes where they have one.
  await waitForProjection(readStore, 'properties', await eventStore.headPosition({ streamPrefixes: ['property-', 'valuation-'] }), 120_000);
  const clientEmails = ['owner@demo.kainga.nz', 'neighbour1@demo.kainga.nz', 'neighbour2@demo.kainga.nz', 'neighbour3@demo.kainga.nz', 'neighbour4@demo.kainga.nz'];
  const clients = await Promise.all(clientEmails.map((email) => user(input.ids[email]!)));
  const homes = new Map<string, PropertyDoc[]>();
  for (const home of await allProperties(readStore, { limit: 5000 })) {
    if (!home.demo) continue;
    homes.set(home.ownerId, [...(homes.get(home.ownerId) ?? []), home].sort((a, b) => a._id.localeCompare(b._id)));
  }

  const leads = { new: 0, contacted: 0, responded: 0 };
  for (const [j, partner] of demoPartners.entries()) {
    const work = roleWork[partner.role];
    const count = leadPlan[j]!;
    for (let k = 0; k < count; k++) {
      const client = clients[(j + k) % clients.length]!;
      const owned = homes.get(client.id) ?? [];
      const home = owned.length ? owned[(j + k) % owned.length]! : null;
      const contact = (j + k) % 2 === 0;
      const receivedAt = ago(Math.max(1, Math.round(((count - k) * 24) / count) + (j % 3)), -((j * 7 + k * 5) % 10));
      const about = home ? ` It is about ${home.address}, ${home.suburb}.` : '';
      const homeLocation = home ? (findLocation(home.city)?.id ?? null) : null;
      const leadKey = key(`lead:${partner.email}:${k}`);
      const lead = await receiveLead(
        deps,
        {
          partnerId: partnerIds[j]!,
          userId: client.id,
          origin: contact ? 'contact' : 'service_request',
          serviceType: serviceTypeOfRole[partner.role],
          propertyId: home?._id ?? null,
          locationId: contact ? (homeLocation ?? partner.locations[0]!) : partner.locations[k % partner.locations.length]!,
          requestMessage: `${work.asks[(j + k) % work.asks.length]!}${about}`,
          contactName: `${client.firstName} ${client.lastName}`.trim(),
          contactEmail: client.email,
          contactPhone: null,
          demo: true,
        },
        { idempotencyKey: leadKey, keyed: true, metadata: meta(receivedAt, client) },
      );
      // Oldest first: answered, then opened, and the newest still new.
      const status = (['responded', 'contacted', 'new'] as const)[k % 3]!;
      const me = partnerUsers[j]!;
      const step = (hours: number) => new Date(receivedAt.getTime() + hours * HOUR);
      if (status !== 'new') {
        const at = step(4);
        await handleCommand(eventStore, leadDecider, leadStream(lead._id), { type: 'MarkLeadRead', partnerId: partnerIds[j]!, by: me.id, at: at.toISOString() }, { idempotencyKey: `${leadKey}:read`, metadata: meta(at, me) });
      }
      if (status === 'responded') {
        const at = step(20);
        const response = work.answers[(j + k) % work.answers.length]!;
        await handleCommand(eventStore, leadDecider, leadStream(lead._id), { type: 'RespondToLead', partnerId: partnerIds[j]!, response, by: me.id, at: at.toISOString() }, { idempotencyKey: `${leadKey}:respond`, metadata: meta(at, me) });
      }
      leads[status]++;
      progress();
    }
  }
  await waitForProjection(readStore, 'partner_leads', await eventStore.headPosition({ streamPrefixes: ['partnerLead-'] }), 120_000);
  await waitForProjection(readStore, 'partners', await eventStore.headPosition({ streamPrefixes: ['partner-'] }), 120_000);

  await mark({ type: 'CompleteDemoSeed', counts: { accounts, sales: 0, properties: 0, valuations: 0 }, at: new Date().toISOString() });
  return {
    partners: demoPartners.length,
    applications: { pending: waiting.length, approved: demoPartners.filter((d) => d.via !== 'admin').length, rejected: 1 },
    leads,
    images: demoPartners.length * 2 + 1,
  };
}
