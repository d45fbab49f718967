import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import { boundsOf, generateSection, INVITE_TOKEN_BYTES, type TChartSection, type TSeatingPlan, transformSection, ZEventTypeUpdateRequest, ZSeatingPlan } from '@klubhus/domain';
import { json } from '../json';
import type { EventsTable, EventTicketSettingsJson } from '../schema';
import { chartColumns, seatMapColumns, seatRows } from '../seating';
import type { Tx } from '../tenancy';
import { setScope } from '../tenancy';

/**
 * Demo events of a club (issue 12): the types Hjemmekamp and Sponsorarrangement, a home match on a
 * seated stadium of 10,000+ seats in four stands (long sides, VIP, curves, wheelchair places), its
 * sub-event, and a sponsor evening with tables, sponsors and invitations to the sponsor companies.
 * Dates are relative to the day of seeding so the demo always has upcoming events.
 */
export async function seedEventsDemo(trx: Tx, clientId: number, ownerId: number): Promise<void> {
  await setScope(trx, clientId, null);
  const c = { client_id: clientId };
  const product = async (title: string) =>
    (await trx.selectFrom('products').select('id').where('client_id', '=', clientId).where('title', '=', title).executeTakeFirstOrThrow()).id;
  const single = await product('Enkeltbillet');
  const seasonCard = await product('Sæsonkort');

  // ------------------------------------------------------------ types (their templates as the form saves them)
  const template = (input: Parameters<typeof ZEventTypeUpdateRequest.parse>[0]) => {
    const { id: _id, title: _title, ...t } = ZEventTypeUpdateRequest.parse(input);
    return { ...t, tickets: { ...t.tickets, ticketLogo: null, ticketPicture: null, products: t.tickets.products.map((p) => ({ ...p, id: null })) }, tablePlan: { ...t.tablePlan, cardPicture: null } };
  };
  const matchTemplate = template({
    title: 'Hjemmekamp',
    location: 'Demo Park, Stadionvej 1, 8000 Aarhus C',
    hasTickets: true,
    hasSeating: true,
    showParticipants: false,
    emailNotifications: { receipt: { template: 'standard' } },
    tickets: {
      controlType: 'Stregkode',
      products: [
        { productId: seasonCard, title: 'Siddeplads', price: '175', maxCompanyAmount: '20', public: true },
        { productId: single, title: 'Ståplads', price: '120', public: true },
      ],
    },
  });
  const sponsorTemplate = template({
    title: 'Sponsorarrangement',
    location: 'Klubhuset, Stadionvej 1, 8000 Aarhus C',
    businessOnly: true,
    private: true,
    hasSponsors: true,
    hasTables: true,
    emailNotifications: { invitation: { template: 'Sponsoraften' }, reminder: { template: 'standard', reminderInterval: [7, 1] } },
    tickets: { controlType: 'Manuelt', products: [{ productId: single, title: 'Kuvert', price: '0', nameRequired: true }] },
    extraInfo: [{ title: 'Allergier', alias: 'allergier', type: 'Text', values: [], required: false }],
  });
  const matchType = (await trx.insertInto('event_types').values({ ...c, title: 'Hjemmekamp', template: json(matchTemplate) }).returning('id').executeTakeFirstOrThrow()).id;
  const sponsorType = (
    await trx.insertInto('event_types').values({ ...c, title: 'Sponsorarrangement', template: json(sponsorTemplate) }).returning('id').executeTakeFirstOrThrow()
  ).id;

  // ------------------------------------------------------------ the stadium
  const plan = stadiumPlan();
  const chart = (await trx.insertInto('seating_charts').values({ ...c, name: 'Demo Park', ...chartColumns(plan) }).returning('id').executeTakeFirstOrThrow()).id;

  // ------------------------------------------------------------ events
  const day = 86_400_000;
  const at = (days: number, hour: number) => {
    const d = new Date(Date.now() + days * day);
    d.setUTCHours(hour - 1, 0, 0, 0); // Copenhagen in winter: UTC+1
    return d;
  };
  const sender = json({ name: 'Demo IF', email: 'staff@demo.dk' });
  const base = {
    ...c,
    owner_id: ownerId,
    sender,
    extra_info: json([]),
    invitees: json({ productIds: [], orderProductIds: [], companyIds: [], contactIds: [], contactListIds: [] }),
    table_plan: json({ cardPicture: null, cardFormat: 'A4' as const, cardOrientation: 'Portrait' as const, productIds: [] }),
    sms_notifications: json({}),
  };
  type EventValues = Omit<Insertable<EventsTable>, 'client_id' | 'ticket_settings'>;
  /** An event of the demo club with the common values above and its tickets' control type. */
  const addEvent = async (controlType: EventTicketSettingsJson['controlType'], values: EventValues) =>
    (
      await trx
        .insertInto('events')
        .values({ ...base, ticket_settings: json({ controlType, template: null, ticketLogo: null, ticketPicture: null }), ...values })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const kickoff = at(14, 19);
  const match = await addEvent('Stregkode', {
    type_id: matchType,
    title: 'Demo IF – AGF',
    url: 'demo-if-agf',
    start_date: kickoff,
    end_date: new Date(kickoff.getTime() + 2 * 3_600_000),
    sign_up_start: at(-7, 10),
    sign_up_deadline: new Date(kickoff.getTime() - 3_600_000),
    location: matchTemplate.location,
    description: '<p>Årets første hjemmekamp i Demo Park. Kom i god tid – portene åbner 90 minutter før kampstart.</p>',
    promote: true,
    has_tickets: true,
    has_seating: true,
    has_sponsors: true,
    email_notifications: json(matchTemplate.emailNotifications),
    chart_id: chart,
  });
  const seatMap = (
    await trx
      .insertInto('seat_maps')
      .values({ ...c, chart_id: chart, name: 'Demo IF – AGF', ...seatMapColumns(plan) })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const seats = seatRows(clientId, seatMap, plan);
  for (let i = 0; i < seats.length; i += 2000) await trx.insertInto('seat_map_seats').values(seats.slice(i, i + 2000)).execute();
  await trx.updateTable('events').set({ seat_map_id: seatMap }).where('id', '=', match).execute();
  await trx
    .insertInto('event_ticket_products')
    .values(matchTemplate.tickets.products.map((p, i) => ({ ...c, event_id: match, product_id: p.productId, title: p.title, price: p.price, max_company_amount: p.maxCompanyAmount, public: p.public, sorting: i })))
    .execute();

  await addEvent('None', {
    parent_id: match,
    type_id: matchType,
    title: 'Demo IF – AGF: Spisning før kampen',
    url: 'demo-if-agf-spisning',
    start_date: new Date(kickoff.getTime() - 2 * 3_600_000),
    end_date: new Date(kickoff.getTime() - 30 * 60_000),
    sign_up_start: at(-7, 10),
    sign_up_deadline: at(12, 12),
    location: 'Klubhuset',
    description: '<p>Tre retter i klubhuset før kampen.</p>',
    max_signups: 80,
    email_notifications: json({}),
  });

  const evening = at(30, 18);
  const gala = await addEvent('Manuelt', {
    type_id: sponsorType,
    title: 'Sponsoraften 2026',
    url: 'sponsoraften-2026',
    start_date: evening,
    end_date: new Date(evening.getTime() + 5 * 3_600_000),
    sign_up_start: at(-1, 9),
    sign_up_deadline: at(23, 12),
    location: sponsorTemplate.location,
    description: '<p>Vi siger tak for samarbejdet med middag, taler og lodtrækning blandt sponsorerne.</p>',
    private: true,
    business_only: true,
    has_tickets: true,
    has_sponsors: true,
    has_tables: true,
    email_notifications: json(sponsorTemplate.emailNotifications),
    extra_info: json(sponsorTemplate.extraInfo),
  });
  await trx.insertInto('event_ticket_products').values({ ...c, event_id: gala, product_id: single, title: 'Kuvert', price: 0, name_required: true }).execute();

  // Sponsors: the companies on Guld level lead, the rest by level.
  const companies = await trx.selectFrom('companies').select(['id', 'extra_info']).where('client_id', '=', clientId).orderBy('id').execute();
  const level = (co: (typeof companies)[number]) => (co.extra_info as Record<string, { value?: string | null }>).niveau?.value ?? null;
  const sponsorRows = companies.flatMap((co, i) => {
    const type = { Guld: 'Guldsponsor', Sølv: 'Sølvsponsor', Bronze: 'Partner' }[level(co) ?? ''];
    return type ? [{ ...c, type, company_id: co.id, sorting: i }] : [];
  });
  const main = companies.find((co) => level(co) === 'Guld');
  for (const event of [match, gala]) {
    const rows = sponsorRows.map((r) => ({ ...r, event_id: event, type: main && r.company_id === main.id ? 'Hovedsponsor' : r.type }));
    if (rows.length) await trx.insertInto('event_sponsors').values(rows).execute();
  }

  // Planoversigt has something to show: the main sponsor's reserved block and the press seats.
  if (main) {
    await trx
      .updateTable('seat_map_seats')
      .set({ channel: `company:${main.id}` })
      .where('client_id', '=', clientId)
      .where('seat_map_id', '=', seatMap)
      .where('section', '=', 'A')
      .where('row', 'in', ['5', '6'])
      .where('number', 'in', Array.from({ length: 20 }, (_, i) => String(i + 51)))
      .execute();
  }
  await trx.updateTable('seat_map_seats').set({ status: 'blocked' }).where('client_id', '=', clientId).where('seat_map_id', '=', seatMap).where('section', '=', 'D').where('row', 'in', ['A', 'B']).execute();

  // A season-ticket holder (the member's contact) with a booked seat on the match: the attendance card (SPEC §4).
  const holder = (
    await trx.insertInto('contacts').values({ ...c, firstname: 'Mette', lastname: 'Medlem', email: 'member@demo.dk' }).returning('id').executeTakeFirstOrThrow()
  ).id;
  const holderSeat = { section: 'A', row: '20', number: '10' };
  await trx
    .updateTable('seat_map_seats')
    .set({ status: 'booked' })
    .where('client_id', '=', clientId)
    .where('seat_map_id', '=', seatMap)
    .where('section', '=', holderSeat.section)
    .where('row', '=', holderSeat.row)
    .where('number', '=', holderSeat.number)
    .execute();
  await trx
    .insertInto('event_tickets')
    .values({
      ...c,
      event_id: match,
      product_id: seasonCard,
      code: randomBytes(20).toString('base64url'),
      number: 1,
      title: 'Sæsonkort',
      name: 'Mette Medlem',
      contact_id: holder,
      seat_key: `${holderSeat.section}-${holderSeat.row}-${holderSeat.number}`,
      section: holderSeat.section,
      row: holderSeat.row,
      seat_number: holderSeat.number,
      status: 'valid',
      seasonal: true,
    })
    .execute();
  await trx.updateTable('events').set({ ticket_counter: 1 }).where('id', '=', match).execute();

  // Invitations to the sponsor companies' contacts (grouped per company), two covers each; the first half sent.
  const sponsorCompanies = sponsorRows.map((r) => r.company_id);
  const contacts = sponsorCompanies.length
    ? await trx
        .selectFrom('company_contacts as cc')
        .innerJoin('contacts as ct', (j) => j.onRef('ct.client_id', '=', 'cc.client_id').onRef('ct.id', '=', 'cc.contact_id'))
        .select(['cc.contact_id', 'cc.company_id'])
        .where('cc.client_id', '=', clientId)
        .where('cc.company_id', 'in', sponsorCompanies)
        .where('ct.email', '<>', '')
        .where('ct.no_invitations', '=', false)
        .orderBy('cc.contact_id')
        .execute()
    : [];
  const seen = new Set<number>();
  const unique = contacts.filter((x) => !seen.has(x.contact_id) && seen.add(x.contact_id));
  if (unique.length) {
    const invites = await trx
      .insertInto('event_invites')
      .values(
        unique.map((x, i) => ({
          ...c,
          event_id: gala,
          token: randomBytes(INVITE_TOKEN_BYTES).toString('base64url'),
          contact_id: x.contact_id,
          company_id: x.company_id,
          invitation_sent_at: i < Math.ceil(unique.length / 2) ? at(-1, 10) : null,
        })),
      )
      .returning('id')
      .execute();
    await trx
      .insertInto('event_invite_products')
      .values(invites.map((r) => ({ ...c, invite_id: r.id, product_id: single, amount: 2, amount_per_invite: 1 })))
      .execute();
  }
  await trx
    .updateTable('events')
    .set({ invitees: json({ productIds: [single], orderProductIds: [], companyIds: sponsorCompanies, contactIds: [], contactListIds: [] }) })
    .where('id', '=', gala)
    .execute();
}

/**
 * Demo Park: two long stands (Hovedtribune with VIP rows and wheelchair places at the front, and
 * the opposite stand) and two curved end stands — 10,650 seats.
 */
export function stadiumPlan(): TSeatingPlan {
  // Every stand faces the pitch (x 0–3570, y 1190–2900): row 1 nearest it.
  const main = transformSection(generateSection({ key: 'A', name: 'Hovedtribune', rows: 35, seatsPerRow: 120, category: 'L', origin: { x: 0, y: 0 } }), { rotate: 180 });
  const opposite = generateSection({ key: 'B', name: 'Modsatte langside', rows: 35, seatsPerRow: 120, category: 'L', origin: { x: 0, y: 2900 }, seatNumbering: 'rtl' });
  const curve = (key: string, name: string, rotate: number, centreX: number) =>
    centredAt(transformSection(generateSection({ key, name, rows: 25, seatsPerRow: 45, category: 'K', curve: 30, rowNumbering: 'letters' }), { rotate }), centreX, 2045);
  const north = curve('C', 'Nordkurve', 90, -600);
  const south = curve('D', 'Sydkurve', -90, 4170);
  for (const row of main.rows) {
    const r = Number(row.label);
    for (const seat of row.seats) {
      const n = Number(seat.number);
      if (r === 1 && n <= 12) Object.assign(seat, { category: 'H', accessible: true });
      else if (r >= 10 && r <= 14 && n >= 45 && n <= 76) seat.category = 'V';
    }
  }
  return ZSeatingPlan.parse({
    categories: [
      { key: 'L', label: 'Langside', color: '#2563eb' },
      { key: 'V', label: 'VIP', color: '#7c3aed' },
      { key: 'K', label: 'Kurve', color: '#ea580c' },
      { key: 'H', label: 'Kørestol', color: '#16a34a', accessible: true },
    ],
    sections: [main, opposite, north, south],
  });
}

/** A section moved so that the middle of its seats is at (x, y). */
function centredAt(section: TChartSection, x: number, y: number): TChartSection {
  const b = boundsOf(section.rows.flatMap((r) => r.seats.map((seat) => seat.position)));
  return transformSection(section, { dx: x - (b.minX + b.maxX) / 2, dy: y - (b.minY + b.maxY) / 2 });
}
