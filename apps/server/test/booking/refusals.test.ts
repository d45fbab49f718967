import { BOOKING_MSG, DISCOUNT_MSG, SEATING_MSG } from '@klubhus/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { at, bookingSnapshot, capacityAndRecount, guest, openEvent, refused } from './helpers';
import { bookingFixtures, useTestApp } from '../support/app';

/**
 * The booking's refusals that booking.test.ts and capacity.test.ts leave out (issue 14 'Wizard rules'):
 * seats (SPEC §5 'seats to select equal requested amount', a seat's category, a company's channel),
 * who buys (SPEC §6: only the visitor's own contact and invited companies, business-only), invitations
 * (only the invited products, at most the invited amounts), the event's limits across lines, a closed
 * booking, amounts out of range, and a discount code on the free/paid split. Each through the tRPC
 * router, several also through the REST booking URL: the exact Danish text, and nothing changed —
 * no order, ticket, booking, hold, capacity counter, ticket number, order number or code use.
 */
const owner = () => app.t.database.owner;

async function restRefused(body: unknown, status: number, message: string, cookie?: string) {
  const before = await bookingSnapshot(app.t);
  const r = await app.t.request('POST', '/public/events/book', { body, ...(cookie ? { cookie } : {}) });
  expect(r.statusCode, r.body).toBe(status);
  expect(r.json()).toMatchObject({ success: false, error: message });
  expect(await bookingSnapshot(app.t)).toBe(before);
}

async function invite(eventId: number, contactId: number, companyId: number | null, products: { productId: number; amount: number }[]) {
  const token = `invite${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`.padEnd(24, 'x');
  const i = await owner().insertInto('event_invites').values({ client_id: app.demo, event_id: eventId, token, contact_id: contactId, company_id: companyId }).returning('id').executeTakeFirstOrThrow();
  await owner()
    .insertInto('event_invite_products')
    .values(products.map((p) => ({ client_id: app.demo, invite_id: i.id, product_id: p.productId, amount: p.amount })))
    .execute();
  return token;
}

const app = useTestApp(async (t) => {
  const f = await bookingFixtures('Afvisninger')(t);
  const owner = t.database.owner;
  return {
    ...f,
    /** A second ticket product of the club (the demo's Parkering is a plain product, not a ticket). */
    vip: (await owner.insertInto('products').values({ client_id: f.demo, title: 'VIP-billet', type: 'ticket', price: 50000 }).returning('id').executeTakeFirstOrThrow()).id,
    memberContact: (await owner.selectFrom('contacts').select('id').where('client_id', '=', f.demo).where('email', '=', 'member@demo.dk').executeTakeFirstOrThrow()).id,
  };
});

describe('seats (SPEC §5: seats chosen equal the amount)', () => {
  let agf: { id: number; seat_map_id: number | null };
  const freeSeats = async (category: string, n: number, channel: string | null = null) =>
    (
      await owner()
        .selectFrom('seat_map_seats')
        .select('seat_key')
        .where('seat_map_id', '=', agf.seat_map_id as number)
        .where('status', '=', 'free')
        .where('category', '=', category)
        .where('channel', channel === null ? 'is' : '=', channel)
        .orderBy('seat_key', 'desc')
        .limit(n)
        .execute()
    ).map((s) => s.seat_key);

  beforeAll(async () => {
    agf = await owner().selectFrom('events').select(['id', 'seat_map_id']).where('client_id', '=', app.demo).where('title', '=', 'Demo IF – AGF').executeTakeFirstOrThrow();
  });

  it('a seat line for more than one ticket: seatsMismatch; a seat on a ticket without seats: notSeatProduct; one seat twice: taken — by tRPC and REST', async () => {
    const offered = (await app.v.booking.products({ eventId: agf.id })).result.none;
    expect(offered.map((o) => [o.productId, o.type])).toEqual([
      [app.season, 'seat-ticket'],
      [app.single, 'ticket'],
    ]);
    const [s1] = await freeSeats('L', 1);
    await refused(app.t, () => app.v.booking.book(guest(agf.id, [{ productId: app.season, amount: 2, seat: s1 }])), BOOKING_MSG.seatsMismatch);
    await refused(app.t, () => app.v.booking.book(guest(agf.id, [{ productId: app.single, amount: 1, seat: s1 }])), BOOKING_MSG.notSeatProduct);
    await refused(
      app.t,
      () =>
        app.v.booking.book(
          guest(agf.id, [
            { productId: app.season, amount: 1, seat: s1 },
            { productId: app.season, amount: 1, seat: s1 },
          ]),
        ),
      SEATING_MSG.seatTaken,
    );
    await restRefused(guest(agf.id, [{ productId: app.season, amount: 2, seat: s1 }]), 400, BOOKING_MSG.seatsMismatch);
    await restRefused(guest(agf.id, [{ productId: app.single, amount: 1, seat: s1 }]), 400, BOOKING_MSG.notSeatProduct);
    await restRefused(guest(agf.id, [{ productId: app.season, amount: 1 }]), 400, BOOKING_MSG.seatRequired);
  });

  it('a seat outside the ticket’s category: wrongSeatCategory, the seat not held; a seat of its category books', async () => {
    await sql`UPDATE products SET seats = ${JSON.stringify({ chartId: null, category: 'K' })}::jsonb WHERE id = ${app.season}`.execute(owner());
    try {
      const offered = (await app.v.booking.products({ eventId: agf.id })).result.none.find((o) => o.productId === app.season);
      expect(offered?.seatCategories.map((c) => c.key)).toEqual(['K']);
      const [l] = await freeSeats('L', 1);
      const [k] = await freeSeats('K', 1);
      await refused(app.t, () => app.v.booking.book(guest(agf.id, [{ productId: app.season, amount: 1, seat: l }])), BOOKING_MSG.wrongSeatCategory);
      await restRefused(guest(agf.id, [{ productId: app.season, amount: 1, seat: l }]), 400, BOOKING_MSG.wrongSeatCategory);
      // With the picker's hold too: the held seat stays the picker's, not the booking's.
      const held = await app.v.publicSeats.hold({ eventId: agf.id, seats: [l] });
      await refused(app.t, () => app.v.booking.book(guest(agf.id, [{ productId: app.season, amount: 1, seat: l, holdToken: held.token }])), BOOKING_MSG.wrongSeatCategory);
      expect(await app.v.booking.releaseSeat({ eventId: agf.id, holdToken: held.token, seat: l })).toEqual({ success: true, released: 1 });
      const r = await app.v.booking.book(guest(agf.id, [{ productId: app.season, amount: 1, seat: k }]));
      expect(r.status).toBe('draft');
      const seat = await owner().selectFrom('seat_map_seats').select('status').where('seat_map_id', '=', agf.seat_map_id as number).where('seat_key', '=', k).executeTakeFirstOrThrow();
      expect(seat.status).toBe('held');
    } finally {
      await sql`UPDATE products SET seats = NULL WHERE id = ${app.season}`.execute(owner());
    }
  });

  it('a seat of a company’s channel is not the guest’s: taken, nothing held', async () => {
    const channel = await owner().selectFrom('seat_map_seats').select('channel').where('seat_map_id', '=', agf.seat_map_id as number).where('channel', 'is not', null).executeTakeFirstOrThrow();
    const [c] = await freeSeats('L', 1, channel.channel);
    await refused(app.t, () => app.v.booking.book(guest(agf.id, [{ productId: app.season, amount: 1, seat: c }])), SEATING_MSG.seatTaken);
  });
});

describe('who buys (SPEC §6)', () => {
  let company: { id: number };
  let eventId: number;

  beforeAll(async () => {
    company = await app.staff.companies.update({ name: 'Afvisning ApS', status: 1, cvr: '99887766', ticketLimits: {} } as never);
    await owner().insertInto('company_contacts').values({ client_id: app.demo, company_id: company.id, contact_id: app.memberContact }).execute();
    eventId = await openEvent(app.staff, app.typeId, 'Hvem køber', [{ productId: app.single, title: 'Billet', price: '50', public: true }]);
  });

  it('a contact that is not the visitor’s: notYourContact — for an anonymous visitor naming the member’s contact, and for the member naming another', async () => {
    const other = await owner().insertInto('contacts').values({ client_id: app.demo, firstname: 'Anden', lastname: 'Kontakt', email: 'anden@example.dk' }).returning('id').executeTakeFirstOrThrow();
    await refused(app.t, () => app.v.booking.book({ ...guest(eventId, [{ productId: app.single, amount: 1 }]), contactId: app.memberContact }), BOOKING_MSG.notYourContact);
    await refused(app.t, () => app.member.booking.book({ eventId, contactId: other.id, products: [{ productId: app.single, amount: 1 }], acceptTerms: true }), BOOKING_MSG.notYourContact);
    await restRefused({ ...guest(eventId, [{ productId: app.single, amount: 1 }]), contactId: app.memberContact }, 403, BOOKING_MSG.notYourContact);
    const cookie = await app.t.login('member@demo.dk');
    await restRefused({ eventId, contactId: other.id, products: [{ productId: app.single, amount: 1 }], acceptTerms: true }, 403, BOOKING_MSG.notYourContact, cookie);
    // The member's own contact books, in the contact's name.
    const r = await app.member.booking.book({ eventId, contactId: app.memberContact, products: [{ productId: app.single, amount: 1 }], acceptTerms: true });
    expect(r.status).toBe('draft');
    const order = await owner().selectFrom('orders').select(['contact_id', 'company_id', 'firstname', 'email']).where('id', '=', r.orderId).executeTakeFirstOrThrow();
    expect(order).toEqual({ contact_id: app.memberContact, company_id: null, firstname: 'Mette', email: 'member@demo.dk' });
  });

  it('a company of the visitor’s that the event does not invite: notYourCompany', async () => {
    expect((await app.member.booking.products({ eventId })).users.map((u) => u.kind)).toEqual(['contact', 'none']);
    await refused(app.t, () => app.member.booking.book({ eventId, companyId: company.id, products: [{ productId: app.single, amount: 1 }], acceptTerms: true }), BOOKING_MSG.notYourCompany);
  });

  it('business-only: the invited company’s card only; its own contact and a guest are refused (companyRequired), an anonymous visitor gets no card (the wizard says “Log ind for at bestille”); the company books', async () => {
    const b2b = await openEvent(app.staff, app.typeId, 'Kun erhverv', [{ productId: app.single, title: 'Kuvert', price: '0', public: true }], { businessOnly: true, invitees: { companyIds: [company.id] } } as never);
    const offered = await app.member.booking.products({ eventId: b2b });
    expect(offered.users.map((u) => u.key)).toEqual([`company:${company.id}`]);
    expect(offered.message).toBeNull();
    expect(Object.keys(offered.result)).toEqual([`company:${company.id}`]);
    const anonymous = await app.v.booking.products({ eventId: b2b });
    expect(anonymous).toMatchObject({ users: [], loggedIn: false, businessOnly: true, message: null, result: {} });
    await refused(app.t, () => app.member.booking.book({ eventId: b2b, contactId: app.memberContact, products: [{ productId: app.single, amount: 1 }], acceptTerms: true }), BOOKING_MSG.companyRequired);
    await refused(app.t, () => app.member.booking.book({ eventId: b2b, products: [{ productId: app.single, amount: 1 }], acceptTerms: true }), BOOKING_MSG.companyRequired);
    await restRefused(guest(b2b, [{ productId: app.single, amount: 1 }]), 400, BOOKING_MSG.companyRequired);
    // Create-user is for anonymous buyers only, business-only or not.
    await refused(
      app.t,
      () => app.member.booking.book({ eventId: b2b, companyId: company.id, products: [{ productId: app.single, amount: 1 }], acceptTerms: true, createUser: true, password: 'hemmelig123' }),
      BOOKING_MSG.createUserOnlyAnonymous,
    );
    const r = await app.member.booking.book({ eventId: b2b, companyId: company.id, products: [{ productId: app.single, amount: 1 }], acceptTerms: true });
    expect(r).toMatchObject({ status: 'approved', total: 0 });
  });
});

describe('invitations (the invite link: the invited products, at most the invited amounts)', () => {
  it('a product the invite does not give: notInInvite; more than it gives: inviteOver; more than it has left: Max. {n} mere; used up: inviteUsed — by tRPC and REST', async () => {
    const eventId = await openEvent(app.staff, app.typeId, 'Inviteret', [
      { productId: app.single, title: 'Kuvert', price: '300', public: true },
      { productId: app.vip, title: 'Parkering', price: '50', public: true },
    ]);
    const token = await invite(eventId, app.memberContact, null, [{ productId: app.single, amount: 2 }]);
    const offered = await app.v.booking.products({ eventId, inviteToken: token });
    const key = offered.users[0].key;
    expect(offered.result[key]).toEqual([expect.objectContaining({ productId: app.single, maxAmount: 2, freeAmount: 2, price: 300 })]);
    const body = (products: { productId: number; amount: number }[]) => ({ eventId, inviteToken: token, products, acceptTerms: true });

    await refused(app.t, () => app.v.booking.book(body([{ productId: app.vip, amount: 1 }])), BOOKING_MSG.notInInvite);
    await restRefused(body([{ productId: app.vip, amount: 1 }]), 400, BOOKING_MSG.notInInvite);
    await refused(app.t, () => app.v.booking.book(body([{ productId: app.single, amount: 3 }])), BOOKING_MSG.inviteOver(2));
    // Two lines of the product count together.
    await refused(
      app.t,
      () =>
        app.v.booking.book(
          body([
            { productId: app.single, amount: 2 },
            { productId: app.single, amount: 1 },
          ]),
        ),
      BOOKING_MSG.inviteOver(2),
    );
    await restRefused(body([{ productId: app.single, amount: 3 }]), 409, BOOKING_MSG.inviteOver(2));

    expect(await app.v.booking.book(body([{ productId: app.single, amount: 1 }]))).toMatchObject({ status: 'approved', total: 0 });
    await refused(app.t, () => app.v.booking.book(body([{ productId: app.single, amount: 2 }])), BOOKING_MSG.maxMore(1));
    expect(await app.v.booking.book(body([{ productId: app.single, amount: 1 }]))).toMatchObject({ status: 'approved', total: 0 });
    await refused(app.t, () => app.v.booking.book(body([{ productId: app.single, amount: 1 }])), BOOKING_MSG.inviteUsed);
    await restRefused(body([{ productId: app.single, amount: 1 }]), 409, BOOKING_MSG.inviteUsed);
    // The invite's tickets are free and the contact's.
    const tickets = await owner().selectFrom('event_tickets').select(['price', 'contact_id', 'status']).where('event_id', '=', eventId).execute();
    expect(tickets).toEqual([
      { price: 0, contact_id: app.memberContact, status: 'valid' },
      { price: 0, contact_id: app.memberContact, status: 'valid' },
    ]);
  });

  it('when the product’s capacity binds before the invite, its own text is said (Der er kun {n} …, sold out)', async () => {
    const eventId = await openEvent(app.staff, app.typeId, 'Få pladser', [{ productId: app.single, title: 'Kuvert', price: '300', maxAmount: '1', public: true }]);
    const token = await invite(eventId, app.memberContact, null, [{ productId: app.single, amount: 3 }]);
    const email = (await app.v.booking.products({ eventId })).contactEmail;
    await refused(app.t, () => app.v.booking.book({ eventId, inviteToken: token, products: [{ productId: app.single, amount: 2 }], acceptTerms: true }), BOOKING_MSG.onlyLeft(1));
    expect((await app.v.booking.book(guest(eventId, [{ productId: app.single, amount: 1 }]))).status).toBe('draft');
    await refused(app.t, () => app.v.booking.book({ eventId, inviteToken: token, products: [{ productId: app.single, amount: 1 }], acceptTerms: true }), BOOKING_MSG.noTickets(email));
  });
});

describe('limits and input (SPEC §5)', () => {
  it('two lines of one product count together against its maxAmount (Der er kun {n} …), another product between them', async () => {
    const eventId = await openEvent(app.staff, app.typeId, 'Fælles loft', [
      { productId: app.single, title: 'Voksen', price: '100', maxAmount: '3', public: true },
      { productId: app.vip, title: 'VIP', price: '500', public: true },
    ]);
    const lines = [
      { productId: app.single, amount: 2, name: 'A' },
      { productId: app.vip, amount: 1 },
      { productId: app.single, amount: 2, name: 'B' },
    ];
    await refused(app.t, () => app.v.booking.book(guest(eventId, lines)), BOOKING_MSG.onlyLeft(3));
    await restRefused(guest(eventId, lines), 409, BOOKING_MSG.onlyLeft(3));
    expect((await app.v.booking.book(guest(eventId, [lines[0], lines[1]]))).status).toBe('draft');
    await refused(app.t, () => app.v.booking.book(guest(eventId, [lines[2]])), BOOKING_MSG.onlyLeft(1));
  });

  it('an amount under 1 is refused as SPEC §5 words it; one over the booking’s maximum says Max. 100 mere (not an invitation’s text); nothing changes', async () => {
    const eventId = await openEvent(app.staff, app.typeId, 'Antal', [{ productId: app.single, title: 'Billet', price: '10', public: true }]);
    await refused(app.t, () => app.v.booking.book(guest(eventId, [{ productId: app.single, amount: 0 }])), BOOKING_MSG.amountRequired);
    await refused(app.t, () => app.v.booking.book(guest(eventId, [{ productId: app.single, amount: -1 }])), BOOKING_MSG.amountRequired);
    await refused(app.t, () => app.v.booking.book(guest(eventId, [])), BOOKING_MSG.amountRequired);
    await refused(app.t, () => app.v.booking.book(guest(eventId, [{ productId: app.single, amount: 101 }])), BOOKING_MSG.maxMore(100));
    // Over all lines too: 60 + 41 of two products.
    const vipEvent = await openEvent(app.staff, app.typeId, 'Antal i alt', [
      { productId: app.single, title: 'Billet', price: '10', public: true },
      { productId: app.vip, title: 'VIP', price: '20', public: true },
    ]);
    await refused(
      app.t,
      () =>
        app.v.booking.book(
          guest(vipEvent, [
            { productId: app.single, amount: 60 },
            { productId: app.vip, amount: 41 },
          ]),
        ),
      BOOKING_MSG.maxMore(100),
    );
    const r = await app.t.request('POST', '/public/events/book', { body: guest(eventId, [{ productId: app.single, amount: 0 }]) });
    expect(r.statusCode).toBe(400);
    expect(JSON.stringify(r.json())).toContain(BOOKING_MSG.amountRequired);
  });

  it('a booking before signUpStart or after signUpDeadline: Der er ikke åbent for tilmelding …; nothing changes', async () => {
    const later = await openEvent(app.staff, app.typeId, 'Senere', [{ productId: app.single, title: 'Billet', price: '10', public: true }], { signUpStart: at(1), signUpDeadline: at(9) } as never);
    const closed = await openEvent(app.staff, app.typeId, 'Lukket', [{ productId: app.single, title: 'Billet', price: '10', public: true }], { signUpStart: at(-3), signUpDeadline: at(-1) } as never);
    for (const eventId of [later, closed]) {
      await refused(app.t, () => app.v.booking.book(guest(eventId, [{ productId: app.single, amount: 1 }])), SEATING_MSG.bookingClosed);
      await restRefused(guest(eventId, [{ productId: app.single, amount: 1 }]), 400, SEATING_MSG.bookingClosed);
    }
    // An invitation's link does not open a closed booking either.
    const token = await invite(closed, app.memberContact, null, [{ productId: app.single, amount: 1 }]);
    await refused(app.t, () => app.v.booking.book({ eventId: closed, inviteToken: token, products: [{ productId: app.single, amount: 1 }], acceptTerms: true }), SEATING_MSG.bookingClosed);
  });
});

describe('the event’s questions (SPEC §3 Event extra info)', () => {
  it('a required question left blank is refused with its title (… er påkrævet), by tRPC and REST, nothing changed; answered, the answer is the order’s', async () => {
    const eventId = await openEvent(app.staff, app.typeId, 'Spørgsmål', [{ productId: app.single, title: 'Billet', price: '10', public: true }], {
      extraInfo: [
        { title: 'Allergier', alias: 'allergier', type: 'Text', values: [], required: true },
        { title: 'Bemærkning', alias: 'note', type: 'Text', values: [], required: false },
      ],
    } as never);
    const line = [{ productId: app.single, amount: 1 }];
    await refused(app.t, () => app.v.booking.book(guest(eventId, line)), 'Allergier er påkrævet');
    await refused(app.t, () => app.v.booking.book(guest(eventId, line, { extraInfo: { allergier: '   ', note: 'Hej' } })), 'Allergier er påkrævet');
    await restRefused(guest(eventId, line, { extraInfo: { note: 'Hej' } }), 400, 'Allergier er påkrævet');
    const booked = await app.v.booking.book(guest(eventId, line, { extraInfo: { allergier: 'Nødder' } }));
    const order = await owner().selectFrom('orders').select('extra_info').where('id', '=', booked.orderId).executeTakeFirstOrThrow();
    expect(order.extra_info).toEqual([{ title: 'allergier', value: 'Nødder' }]);
  });
});

describe('customer info (SPEC §5: firstname, lastname, email, phone required when not logged in)', () => {
  it('each missing or invalid field of a guest is refused in Danish, by tRPC and REST; a signed-in buyer’s contact fills them in', async () => {
    const eventId = await openEvent(app.staff, app.typeId, 'Kundeinfo', [{ productId: app.single, title: 'Billet', price: '10', public: true }]);
    const line = [{ productId: app.single, amount: 1 }];
    const cases: [Partial<Parameters<typeof guest>[2]>, string][] = [
      [{ firstname: '' }, 'Fornavn er påkrævet'],
      [{ lastname: null }, 'Efternavn er påkrævet'],
      [{ email: '' }, 'E-mail er påkrævet'],
      [{ email: 'ikke-en-mail' }, 'E-mail skal være en gyldig e-mail'],
      [{ phone: null }, 'Telefon er påkrævet'],
    ];
    for (const [extra, message] of cases) {
      await refused(app.t, () => app.v.booking.book(guest(eventId, line, extra)), message);
      await restRefused(guest(eventId, line, extra), 400, message);
    }
    // A member booking as their own contact sends none of them: the contact's are used.
    const r = await app.member.booking.book({ eventId, contactId: app.memberContact, products: line, acceptTerms: true });
    const order = await owner().selectFrom('orders').select(['firstname', 'lastname', 'email']).where('id', '=', r.orderId).executeTakeFirstOrThrow();
    expect(order).toEqual({ firstname: 'Mette', lastname: 'Medlem', email: 'member@demo.dk' });
  });
});

describe('free/paid split with a discount code', () => {
  it('the company’s free allowance first at price 0; the code takes its share of the paid units only; a refused booking gives the code’s use back', async () => {
    const company = await app.staff.companies.update({ name: 'Rabat ApS', status: 1, cvr: '12121212', ticketLimits: {} } as never);
    await owner().insertInto('company_contacts').values({ client_id: app.demo, company_id: company.id, contact_id: app.memberContact }).execute();
    await app.staff.companies.update({ id: company.id, name: 'Rabat ApS', status: 1, cvr: '12121212', ticketLimits: { [app.typeId]: [{ productId: app.single, maxAmount: 2 }] } } as never);
    await app.staff.discountCodes.update({ title: 'Firmarabat', code: 'FIRMA25', expires: at(30).slice(0, 10), discount: '25', percentage: true, active: true, amount: '1', productIds: [] } as never);
    const eventId = await openEvent(app.staff, app.typeId, 'Rabat og fri', [{ productId: app.single, title: 'Firmabillet', price: '200', maxCompanyAmount: '4', public: true }], {
      invitees: { companyIds: [company.id] },
    } as never);
    const asCompany = (amount: number, discountCode: string | null) => app.member.booking.book({ eventId, companyId: company.id, products: [{ productId: app.single, amount }], acceptTerms: true, discountCode });
    // Over the company's limit with the code: refused, and the code's one use is still there.
    await refused(app.t, () => asCompany(5, 'FIRMA25'), BOOKING_MSG.maxMore(4));
    const r = await asCompany(4, 'FIRMA25');
    // 2 free + 2 × 200 kr less 25 %.
    expect(r).toMatchObject({ status: 'draft', total: 300 });
    const lines = await owner().selectFrom('order_lines').select(['price', 'amount', 'discount']).where('order_id', '=', r.orderId).orderBy('price').execute();
    expect(lines.map((l) => [Number(l.price), Number(l.amount), Number(l.discount)])).toEqual([
      [0, 2, 0],
      [20000, 2, 10000],
    ]);
    await refused(app.t, () => app.v.booking.book(guest(eventId, [{ productId: app.single, amount: 1 }], { discountCode: 'FIRMA25' })), DISCOUNT_MSG.usedUp);
  });
});

describe('capacity counters', () => {
  it('equal a recount after every refusal and booking above', async () => {
    const { counters, recount } = await capacityAndRecount(app.t);
    expect(counters).toEqual(recount);
  });
});
