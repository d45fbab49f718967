import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { saveOpenTicketEvent, trpc, unique } from './helpers';

/**
 * An event with free tickets (its control type; `extra` event fields) and one booking per guest:
 * the event id, its title, the ticket codes and the bookings' order ids. `names` are the prefixes of the type's and the event's titles.
 */
export async function eventWithTickets(
  staff: APIRequestContext,
  baseURL: string,
  controlType: 'Stregkode' | 'Manuelt',
  guests = ['Gustav', 'Grethe'],
  extra: Record<string, unknown> = {},
  names = { type: 'Porttype', event: 'Gallakamp' },
) {
  const api = trpc(staff);
  const products = await api.query<{ id: number; title: string }[]>('products.search', { search: 'Enkeltbillet', limit: 10 });
  const productId = products.find((p) => p.title === 'Enkeltbillet')?.id;
  if (!productId) throw new Error('no Enkeltbillet');
  const typeId = (await api.mutate<{ id: number }>('eventTypes.update', { title: unique(names.type) })).id;
  const title = unique(names.event);
  const eventId = await saveOpenTicketEvent(api, {
    title,
    typeId,
    tickets: { controlType, products: [{ productId, title: 'Fribillet', price: '0', public: true }] },
    ...extra,
  });
  const visitor = await playwrightRequest.newContext({ baseURL });
  const codes: string[] = [];
  const orderIds: number[] = [];
  for (const firstname of guests) {
    const booked = await trpc(visitor).mutate<{ token: string; orderId: number }>('booking.book', {
      eventId,
      products: [{ productId, amount: 1 }],
      firstname,
      lastname: 'Gæst',
      email: `${unique(firstname.toLowerCase())}@example.dk`,
      phone: '12345678',
      acceptTerms: true,
    });
    const order = await trpc(visitor).query<{ tickets: { ticketId: string }[] }>('booking.order', { token: booked.token });
    codes.push(...order.tickets.map((t) => t.ticketId));
    orderIds.push(booked.orderId);
  }
  await visitor.dispose();
  return { eventId, title, codes, orderIds };
}

/** An event with free Stregkode tickets and one guest's booking: the event id and the ticket code. */
export async function eventWithTicket(staff: APIRequestContext, baseURL: string, firstname: string) {
  const { eventId, codes } = await eventWithTickets(staff, baseURL, 'Stregkode', [firstname], {}, { type: 'Kameratype', event: 'Kamerakamp' });
  return { eventId, code: codes[0] };
}
