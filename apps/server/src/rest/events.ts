import {
  ZCreateInvitesRequest,
  ZEventListRequest,
  ZEventTypeListRequest,
  ZEventTypeUpdateRequest,
  ZEventUpdateRequest,
  ZSaveInviteGroupRequest,
  ZSaveInviteRequest,
} from '@klubhus/domain';
import { z } from 'zod';
import { defineRoutes, formFiles, idParam, listRequest, pascalRow, type RestInput } from './route';
import { deleteRoute, getRoute, listRoutes, saved, saveRoute } from './shapes';

/**
 * Events and types (SPEC §7 "Events and types"). The tree list answers {Result, Total} with each
 * row's sub-events under Relations; single records are the procedure's own shape; the event form
 * takes multipart with its files named as SPEC names them (bannerPictureFile, inviteAttachmentFile, …).
 */

const FILE_FIELDS = ['bannerPictureFile', 'bannerBottomFile', 'inviteAttachmentFile', 'ticketLogoFile', 'ticketPictureFile', 'chartPictureFile', 'cardPictureFile'] as const;

/** A multipart body's file parts become the procedure's upload fields (a JSON body may carry them as base64). */
function withEventFiles(body: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...body, files: undefined };
  for (const field of FILE_FIELDS) out[field] = formFiles(body, field) ?? body[field];
  return out;
}

/** An id list from a JSON array body or {ids}. */
const idsOf = (input: RestInput) => {
  const raw = input.body as unknown;
  return Array.isArray(raw) ? raw : ((raw as { ids?: unknown } | null)?.ids ?? []);
};

export const eventRoutes = defineRoutes('Events', [
  {
    method: 'POST',
    url: '/api/events/v2',
    summary: 'The tree list: {filter{startDate,endDate,signUpDeadline: {from,to}}, search, sort{field,dir}, page, perPage} -> {Result: [{Id, Title, StartDate, EndDate, SignUpDeadline, Relations}], Total}',
    body: ZEventListRequest,
    handler: async (call, input) => {
      const page = await call.events.list(listRequest(input));
      return {
        Result: page.rows.map(({ relations, ...row }) => ({ ...pascalRow(row), Relations: relations.map((r) => pascalRow(r)) })),
        Total: page.total,
      };
    },
  },
  ...listRoutes({
    url: '/api/events/types',
    post: 'Event type list: {search, sort{field,dir}, page, perPage} -> {Result, TotalPages, Total}',
    get: 'Event types (Title asc, 10 per page; search, sort, direction, page, perPage) -> {Result, TotalPages, Total}',
    body: ZEventTypeListRequest,
    list: (call, input) => call.eventTypes.list(listRequest(input)),
    row: (r) => pascalRow(r),
  }),
  getRoute('/api/events/types/:id', 'One event type with its template -> {success, result}', (call, id) => call.eventTypes.get(id)),
  saveRoute('/api/events/types/update', 'Create (no id) or save an event type -> {success, result: id, message}', ZEventTypeUpdateRequest, (call, body) => call.eventTypes.update(body)),
  deleteRoute('/api/events/types/:id', 'Delete an event type (its events keep going without a type) -> {success, message}', (call, id) => call.eventTypes.delete(id)),
  {
    method: 'POST',
    url: '/api/events/update',
    summary: 'Create (no id) or save an event; multipart with bannerPictureFile, bannerBottomFile, inviteAttachmentFile, ticketLogoFile, ticketPictureFile, chartPictureFile, cardPictureFile, or JSON -> {success, result: id}',
    body: ZEventUpdateRequest,
    multipart: true,
    handler: async (call, { body }) => saved(await call.events.update(withEventFiles(body))),
  },
  {
    method: 'POST',
    url: '/api/events/save-invite/:inviteId',
    summary: "An invite's products: body [{productId, amount, amountPerInvite}] or {products} -> {success}",
    body: ZSaveInviteRequest.omit({ inviteId: true }),
    handler: async (call, input) => {
      const raw = input.body as unknown;
      return call.events.saveInvite({ inviteId: input.params.inviteId, products: Array.isArray(raw) ? raw : ((raw as { products?: unknown })?.products ?? []) });
    },
  },
  getRoute('/api/events/:id', 'One event with tickets, sponsors, seating and files -> {success, result}', (call, id) => call.events.get(id)),
  deleteRoute('/api/events/:id', 'Delete an event (refused while it has sub-events) -> {success, message}', (call, id) => call.events.delete(id)),
  getRoute('/api/events/:id/invites', 'Invites grouped per company and per contact list -> {success, result: {companies[], lists[]}}', (call, id) => call.events.invites(id)),
  {
    method: 'POST',
    url: '/api/events/:id/create-invites',
    summary: 'Invite from invitees {productIds, orderProductIds, companyIds, contactIds, contactListIds} (body: invitees or {invitees}); ?allActive=true&activeDate= adds every customer -> {success, result: created, message}',
    body: ZCreateInvitesRequest.shape.invitees,
    query: z.object({ allActive: z.string().optional(), activeDate: z.string().optional() }),
    handler: async (call, input) => {
      const body = input.body as Record<string, unknown>;
      const r = await call.events.createInvites({
        id: input.params.id,
        invitees: (body?.invitees as unknown) ?? body,
        allActive: input.query.allActive ?? body?.allActive,
        activeDate: input.query.activeDate ?? body?.activeDate,
      });
      return { success: true, result: r.created, message: r.message };
    },
  },
  {
    method: 'POST',
    url: '/api/events/:id/send-invites',
    summary: 'Send invites by id (body: [ids] or {ids}); ?type=invitation|reminder|update, ?force=true sends invitations again -> {success, result: {sent, skipped}, message}',
    query: z.object({ type: z.string().optional(), force: z.string().optional() }),
    handler: async (call, input) => {
      const r = await call.events.sendInvites({ id: input.params.id, ids: idsOf(input), type: input.query.type, force: input.query.force });
      return { success: true, result: { sent: r.sent, skipped: r.skipped }, message: r.message };
    },
  },
  {
    method: 'POST',
    url: '/api/events/:id/delete-invites',
    summary: 'Delete invites by id (body: [ids] or {ids}) -> {success, message}',
    handler: async (call, input) => call.events.deleteInvites({ id: input.params.id, ids: idsOf(input) }),
  },
  {
    method: 'GET',
    url: '/api/events/:id/invite-group/:key',
    summary: "One invite group (key company:{id}, list:{id} or contacts) -> {success, result}",
    handler: async (call, input) => ({ success: true, result: await call.events.inviteGroup({ id: input.params.id, key: input.params.key }) }),
  },
  {
    method: 'POST',
    url: '/api/events/:id/invite-group',
    summary: "The same products for every invite of a group: {key, products} -> {success}",
    body: ZSaveInviteGroupRequest.omit({ id: true }),
    handler: async (call, input) => call.events.saveInviteGroup({ ...(input.body as object), id: input.params.id } as never),
  },
  getRoute('/api/events/:id/relations', 'Sub-events of an event -> {success, result}', (call, id) => call.events.relations(id)),
  {
    method: 'POST',
    url: '/api/events/:id/relations/create',
    summary: 'Create a sub-event copied from the event ({title} optional) -> {success, result: id}',
    handler: async (call, input) => saved(await call.events.createRelation({ id: input.params.id, title: (input.body as { title?: unknown } | null)?.title })),
  },
  {
    method: 'GET',
    url: '/api/public/events',
    summary: "The storefront's upcoming events, soonest first (?promoted=true for the featured, &limit=) -> {success, result: [{id, url, title, location, startDate, description, bannerPicture}]}",
    public: true,
    query: z.object({ promoted: z.string().optional(), limit: z.string().optional() }),
    handler: async (call, input) => ({ success: true, result: await call.publicEvents.list({ promoted: input.query.promoted, limit: input.query.limit }) }),
  },
  {
    method: 'GET',
    url: '/api/public/events/:url',
    summary: "One event's public page (sponsors by type with logos, signup dates, bookingOpen) -> {success, result}; unknown, private or not yet public 404",
    public: true,
    handler: async (call, input) => ({ success: true, result: await call.publicEvents.get({ url: input.params.url }) }),
  },
  {
    method: 'GET',
    url: '/api/public/events/invite/:token',
    summary: 'The invitation a mailed link opens (event, invitee, products) -> {success, result}; unknown token 404',
    public: true,
    handler: async (call, input) => ({ success: true, result: await call.publicEvents.invite({ token: input.params.token }) }),
  },
  {
    method: 'GET',
    url: '/api/public/images/:id',
    summary: "A storefront image (event banners, ticket pictures, sponsors' web logos) of the club the host names; public and cacheable, nothing else",
    public: true,
    handler: async (call, input) => {
      const img = await call.publicEvents.image(idParam(input));
      return input.reply
        .header('content-type', img.mimeType)
        .header('content-length', String(img.data.length))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(img.data);
    },
  },
]);
