import { ATTENDEE_STATUS_LABELS, ZAttendeeListRequest, ZScanRequest, ZTableAttendeesRequest, ZTablePlaceRequest, ZTableSaveRequest } from '@klubhus/domain';
import { defineRoutes, idParam, type RestInput } from './route';
import { getRoute, saved, sendFile } from './shapes';

/**
 * The gate (SPEC §7 Events, issue 16) at /api/events/{id}: POST /attendees {search, company, status}
 * -> result[]; GET /attendees/overview; GET /attendees/companies; POST /attendees/export
 * (Tilmeldingsliste.xlsx); POST /scan?ticketId -> success, result, error, data (a refused scan is
 * success false with the Danish error, status 200: the scan itself worked).
 */

/** status as the list sends it: the enum value or its Danish label (Alle, Scannet, Ikke scannet). */
function attendeeBody(input: RestInput) {
  const body = { ...input.body };
  const label = Object.entries(ATTENDEE_STATUS_LABELS).find(([, l]) => l === body.status);
  if (label) body.status = label[0];
  return { ...body, id: input.params.id };
}

export const gateRoutes = defineRoutes('Events', [
  {
    method: 'POST',
    url: '/api/events/:id/attendees',
    summary: 'Attendees: {search, company, status: all|scanned|notScanned (or Alle|Scannet|Ikke scannet)} -> {success, result[], controlType}',
    body: ZAttendeeListRequest.omit({ id: true }),
    handler: async (call, input) => ({ success: true, ...(await call.gate.attendees(attendeeBody(input))) }),
  },
  getRoute(
    '/api/events/:id/attendees/overview',
    'Overview: {ticketsSold, bookedTickets, totalTickets, bookedSeats[{section, count}], availableSeats, scanned}',
    (call, id) => call.gate.overview(id),
  ),
  {
    method: 'GET',
    url: '/api/events/:id/attendees/companies',
    summary: 'The companies with attendees -> result[{id, name}]',
    handler: async (call, input) => ({ success: true, ...(await call.gate.companies(idParam(input))) }),
  },
  {
    method: 'POST',
    url: '/api/events/:id/attendees/export',
    summary: 'Tilmeldingsliste.xlsx of the filtered attendees, every column and the extra info',
    body: ZAttendeeListRequest.omit({ id: true }),
    handler: async (call, input) => sendFile(input, await call.gate.export(attendeeBody(input))),
  },
  {
    method: 'POST',
    url: '/api/events/:id/scan',
    summary: 'Scan ?ticketId (or in the body, with nonce, scannedAt, gate) -> {success, status, result, error, data, firstScannedAt, firstScannedBy, replayed}',
    body: ZScanRequest.omit({ id: true }),
    handler: async (call, input) => {
      const q = input.query as Record<string, unknown>;
      return call.gate.scan({ ticketId: q.ticketId, nonce: q.nonce, ...input.body, id: input.params.id });
    },
  },
  getRoute(
    '/api/events/:id/gate-codes',
    "The gate's copy of the event's valid tickets: {title, tickets[{code, number, name, product, section, row, seatNumber, scanned}]}",
    (call, id) => call.gate.codes(id),
  ),
  {
    method: 'GET',
    url: '/api/events/:id/tables',
    summary: 'The tables: result[{id, title, description, seats, autoPlace, seatsLeft, seating[{ticketId, number, name, company, companyId}]}]',
    handler: async (call, input) => ({ success: true, ...(await call.gate.tables(idParam(input))) }),
  },
  {
    method: 'POST',
    url: '/api/events/:id/tables',
    summary: 'A new table or a change of one: {tableId?, title, description, seats, autoPlace} -> {success, result: id, message}; seats locked once guests sit there',
    body: ZTableSaveRequest.omit({ id: true }),
    handler: async (call, input) => saved(await call.gate.saveTable({ ...input.body, id: input.params.id })),
  },
  {
    method: 'DELETE',
    url: '/api/events/:id/tables/:tableId',
    summary: 'Deletes a table; its guests become unplaced',
    handler: async (call, input) => call.gate.deleteTable({ id: input.params.id, tableId: input.params.tableId }),
  },
  {
    method: 'POST',
    url: '/api/events/:id/tables/attendees',
    summary: 'The guests not yet at a table: {search} -> {attendees[], total}',
    body: ZTableAttendeesRequest.omit({ id: true }),
    handler: async (call, input) => ({ success: true, ...(await call.gate.tableAttendees({ ...input.body, id: input.params.id })) }),
  },
  {
    method: 'POST',
    url: '/api/events/:id/tables/place',
    summary: 'Places guests at a table (tableId null takes them away): {tableId, ticketIds[]}; refused when the table has too few seats left',
    body: ZTablePlaceRequest.omit({ id: true }),
    handler: async (call, input) => call.gate.place({ ...input.body, id: input.params.id }),
  },
  {
    method: 'POST',
    url: '/api/events/:id/tables/auto-seating',
    summary: 'Places the unplaced guests at the autoPlace tables, companies kept together -> {success, placed, message}',
    handler: async (call, input) => ({ success: true, ...(await call.gate.autoSeating(idParam(input))) }),
  },
  {
    method: 'GET',
    url: '/api/events/:id/table-cards',
    summary: 'The table cards as a PDF (opened in a new tab), in the plan\'s format (A4, A4 folded, A5) and orientation',
    handler: async (call, input) => sendFile(input, await call.gate.tableCards(idParam(input)), 'inline'),
  },
  getRoute(
    '/api/public/events/:id/table-plan',
    'The public table plan of an event with hasTables: {title, tables[{title, description, guests[{name, company}]}]}',
    (call, id) => call.gate.publicTablePlan(id),
    { public: true },
  ),
]);
