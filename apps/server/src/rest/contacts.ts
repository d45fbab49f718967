import { type TContactRow, ZContactListRequest, ZContactListUpdateRequest, ZContactUpdateRequest } from '@klubhus/domain';
import { z } from 'zod';
import { defineRoutes, formFiles, idParam, listEnvelope, listRequest, type RestCaller, type RestInput, withPascalKeys } from './route';
import { deleteRoute, filteredListBody, listRoutes } from './shapes';

/** Legacy contact rows: Id first, then the fields as they are. */
const contactRow = (c: TContactRow) => withPascalKeys(c, ['id']);
const listRow = (l: { id: number; title: string; contactCount: number }) => withPascalKeys(l, ['id', 'title']);

/** The list body; a GET may give the company as a query parameter. */
const listBody = (input: RestInput) => filteredListBody(input, (sent, query) => ({ ...sent, companyId: sent.companyId ?? query?.companyId }));

const listGet = {
  summary: 'One contact list with its contacts -> {success, result}',
  handler: async (call: RestCaller, input: RestInput) => ({ success: true, result: await call.contacts.lists.get(idParam(input)) }),
};

export const contactRoutes = defineRoutes('Contacts', [
  {
    method: 'GET',
    url: '/api/contacts',
    summary: 'Contact picker: ?search (and companyId) or ?ids -> {success, result}',
    query: z.object({ search: z.string().optional(), companyId: z.string().optional(), ids: z.string().optional() }),
    handler: async (call, { query }) => {
      const q = query as { search?: string; companyId?: string; ids?: string };
      return { success: true, result: await call.contacts.search({ search: q.search, companyId: q.companyId || undefined, ids: q.ids }) };
    },
  },
  {
    method: 'POST',
    url: '/api/contacts',
    summary: 'Contact list: {filter{companyId}, search, sort{field,dir}, page, perPage} -> {Result, TotalPages, Total}; default Name asc',
    body: ZContactListRequest,
    handler: async (call, input) => listEnvelope(await call.contacts.list(listBody(input)), contactRow),
  },
  ...listRoutes({
    url: '/api/contacts/lists',
    post: 'Contact lists by the list protocol -> {Result, TotalPages, Total}',
    get: 'Contact lists (search, sort Title, page) -> {Result, TotalPages, Total}',
    list: (call, input) => call.contacts.lists.list(listRequest(input)),
    row: listRow,
  }),
  {
    method: 'POST',
    url: '/api/contacts/lists/update',
    summary: 'Create (no id) or save a contact list {id, title, contactIds} -> {success, result: id}',
    body: ZContactListUpdateRequest,
    multipart: true,
    handler: async (call, { body }) => {
      const r = await call.contacts.lists.update({ ...body, files: undefined });
      return { success: true, result: r.id, data: r.id, message: r.message, error: null };
    },
  },
  { method: 'GET', url: '/api/contacts/lists/:id', ...listGet },
  { method: 'GET', url: '/api/lists/:id', ...listGet, summary: 'One contact list (SPEC §7 writes lists/{id})' },
  deleteRoute('/api/contacts/lists/:id', 'Delete a contact list (the contacts stay)', (call, id) => call.contacts.lists.delete(id)),
  {
    method: 'POST',
    url: '/api/contacts/lists/:id/contacts/:contactId',
    summary: 'Add a contact to a list',
    handler: async (call, { params }) => call.contacts.lists.addContact({ listId: params.id, contactId: params.contactId }),
  },
  {
    method: 'DELETE',
    url: '/api/contacts/lists/:id/contacts/:contactId',
    summary: 'Remove a contact from a list',
    handler: async (call, { params }) => call.contacts.lists.removeContact({ listId: params.id, contactId: params.contactId }),
  },
  {
    method: 'POST',
    url: '/api/contacts/update',
    summary: 'Create (no id) or save a contact (form; picture as file) -> {success, data: id, error}',
    body: ZContactUpdateRequest,
    multipart: true,
    handler: async (call, { body }) => {
      const r = await call.contacts.update({
        ...body,
        files: undefined,
        file: formFiles(body, 'file') ?? body.file,
        pictureFile: formFiles(body, 'pictureFile') ?? body.pictureFile,
      });
      return { success: true, data: r.id, result: r.id, message: r.message, error: null };
    },
  },
  {
    method: 'GET',
    url: '/api/contacts/:id',
    summary: 'One contact -> {success, result, data: {companies}}',
    handler: async (call, input) => {
      const result = await call.contacts.get(idParam(input));
      return { success: true, result, data: { companies: result.companies } };
    },
  },
  {
    method: 'POST',
    url: '/api/contacts/:id/delete-card',
    summary: 'Delete a saved payment card of the contact (cards arrive with payments: none yet)',
    handler: async (call, { params, body }) => call.contacts.deleteCard({ id: params.id, cardId: (body.card as { id?: string })?.id ?? body.cardId }),
  },
  deleteRoute('/api/contacts/:id', 'Delete a contact', (call, id) => call.contacts.delete(id)),
]);
