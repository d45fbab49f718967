import { ZClubModuleUpdateRequest, ZModuleListRequest, ZModuleUpdateRequest } from '@klubhus/domain';
import { defineRoutes, listRequest } from './route';
import { deleteRoute, getRoute, listRoutes } from './shapes';

/** Module list rows as the legacy API gave them: Id, then the fields as they are. */
const moduleRow = ({ id, ...m }: { id: number; name: string; alias: string; url: string | null; icon: string; sorting: number }) => ({ Id: id, ...m });

export const moduleRoutes = defineRoutes('Modules', [
  ...listRoutes({
    url: '/api/modules',
    post: 'Module list: {filter, sort{field,dir}, page, perPage} -> {Result, TotalPages, Total}; default Sorting asc, 10 per page',
    get: 'Module list by query parameters (search, sort, direction, page)',
    body: ZModuleListRequest,
    list: (call, input) => call.modules.list(listRequest(input)),
    row: moduleRow,
  }),
  getRoute('/api/modules/:id', 'One module', (call, id) => call.modules.get(id)),
  {
    method: 'POST',
    url: '/api/modules/update',
    summary: 'Create (no id) or save a module -> {success, result: id}',
    body: ZModuleUpdateRequest,
    handler: async (call, { body }) => {
      const r = await call.modules.update(body);
      return { success: true, result: r.id };
    },
  },
  deleteRoute('/api/modules/:id', 'Delete a module', (call, id) => call.modules.delete(id)),
  {
    method: 'GET',
    url: '/api/clients/:id/modules',
    summary: "A club's module settings (active, endpoint, features, role rules)",
    handler: async (call, { params }) => ({ success: true, result: await call.clients.modules({ clientId: params.id }) }),
  },
  {
    method: 'POST',
    url: '/api/clients/:id/modules/update',
    summary: "Save one module's settings for a club",
    body: ZClubModuleUpdateRequest.omit({ clientId: true }),
    handler: async (call, { params, body }) => call.clients.updateModule({ ...body, clientId: params.id }),
  },
]);
