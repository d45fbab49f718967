import { describe, expect, it } from 'vitest';
import { clubId } from '../helpers';
import { callerFor, eventInput } from './helpers';
import { useTestApp } from '../support/app';

/** The storefront's events (SPEC §2 Events, public; §6): who sees which event, the list and the page. */
const app = useTestApp(async (t) => {
  const staff = await callerFor(t, 'staff@demo.dk');
  return { staff, member: await t.login('member@demo.dk'), typeId: (await staff.eventTypes.update({ title: 'Offentlig' })).id };
});

const list = async (query = '', cookie?: string) => (await app.t.request('GET', `/api/public/events${query}`, cookie ? { cookie } : {})).json().result as { title: string; url: string; startDate: string; promote: boolean }[];
const page = (url: string, cookie?: string) => app.t.request('GET', `/api/public/events/${encodeURIComponent(url)}`, cookie ? { cookie } : {});

describe('the public event list', () => {
  it('shows upcoming public events soonest first; featured with promoted; private, not-yet-public and past events are hidden', async () => {
    const day = 86_400_000;
    const at = (days: number) => new Date(Date.now() + days * day).toISOString();
    await app.staff.events.update({ ...eventInput(app.typeId, { title: 'Senere kamp' }), startDate: at(40), endDate: at(40.1), signUpStart: at(-1), signUpDeadline: at(39) });
    await app.staff.events.update({ ...eventInput(app.typeId, { title: 'Hemmelig kamp' }), private: true, startDate: at(5), endDate: at(5.1), signUpStart: at(-1), signUpDeadline: at(4) });
    await app.staff.events.update({ ...eventInput(app.typeId, { title: 'Endnu ikke offentlig' }), signUpPublic: at(3), startDate: at(6), endDate: at(6.1), signUpStart: at(-1), signUpDeadline: at(5) });
    await app.staff.events.update({ ...eventInput(app.typeId, { title: 'Sidste sæson', url: 'sidste-saeson' }), startDate: at(-30), endDate: at(-29.9), signUpStart: at(-60), signUpDeadline: at(-31) });

    const titles = (await list()).map((e) => e.title);
    expect(titles).toEqual(['Demo IF – AGF: Spisning før kampen', 'Demo IF – AGF', 'Senere kamp']);
    const starts = (await list()).map((e) => e.startDate);
    expect(starts).toEqual([...starts].sort());
    expect((await list('?promoted=true')).map((e) => e.title)).toEqual(['Demo IF – AGF']);
    expect(await list('?limit=1')).toHaveLength(1);
    expect((await page('endnu-ikke-offentlig')).statusCode).toBe(404);
    expect((await page('hemmelig-kamp')).statusCode).toBe(404);
    // A past event's page stays reachable by its address.
    expect((await page('sidste-saeson')).statusCode).toBe(200);
  });

  it('an invited user sees the private sponsor evening; strangers do not', async () => {
    expect((await page('sponsoraften-2026')).statusCode).toBe(404);
    expect((await list('', app.member)).map((e) => e.title)).not.toContain('Sponsoraften 2026');
    const contact = await app.staff.contacts.update({ firstname: 'Mette', lastname: 'Medlem', email: 'Member@Demo.dk' });
    const gala = (await app.staff.events.list({ search: 'Sponsoraften 2026' })).rows[0];
    await app.staff.events.createInvites({ id: gala.id, invitees: { contactIds: [contact.id] } });
    expect((await page('sponsoraften-2026', app.member)).json().result).toMatchObject({ title: 'Sponsoraften 2026', businessOnly: true });
    expect((await list('', app.member)).map((e) => e.title)).toContain('Sponsoraften 2026');
    expect((await page('sponsoraften-2026')).statusCode).toBe(404);
  });
});

describe('the public event page', () => {
  it('has the signup dates, bookingOpen, sponsors by type in the club’s order with public logo URLs, and its parent', async () => {
    const agf = (await page('demo-if-agf')).json().result;
    expect(agf).toMatchObject({ title: 'Demo IF – AGF', hasTickets: true, bookingOpen: true, parent: null, location: expect.stringContaining('Demo Park') });
    const types = agf.sponsors.map((s: { type: string }) => s.type);
    const order = ['Hovedsponsor', 'Guldsponsor', 'Sølvsponsor', 'Partner'];
    expect(types).toEqual(order.filter((o) => types.includes(o)));
    expect(types[0]).toBe('Hovedsponsor');
    const child = (await page('demo-if-agf-spisning')).json().result;
    expect(child.parent).toEqual({ url: 'demo-if-agf', title: 'Demo IF – AGF' });
    expect((await page('findes-ikke')).statusCode).toBe(404);
  });

  it('nothing when the events module is off for the club', async () => {
    const demo = await clubId(app.t.database, 'Demo IF');
    const events = await app.t.database.owner.selectFrom('modules').select('id').where('alias', '=', 'events').executeTakeFirstOrThrow();
    await app.t.database.owner.updateTable('client_modules').set({ active: false }).where('client_id', '=', demo).where('module_id', '=', events.id).execute();
    expect(await list()).toEqual([]);
    expect((await page('demo-if-agf')).statusCode).toBe(404);
    await app.t.database.owner.updateTable('client_modules').set({ active: true }).where('client_id', '=', demo).where('module_id', '=', events.id).execute();
    expect((await page('demo-if-agf')).statusCode).toBe(200);
  });
});
