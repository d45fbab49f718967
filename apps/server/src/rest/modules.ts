import { ZModuleUpdateRequest } from '@klubhus/domain';
import { ZModuleListRequest } from '@klubhus/api/modules/router';
import { listEnvelope, listRequest, defineRoutes } from './route';

export const moduleRoutes = defineRoutes('Modules', [
  {
    method: 'POST',
    url: '/api/modules',
    summary: 'Module list: {filter, sort{field,dir}, page, perPage} -> {Result, TotalPages, Total}; default Sorting asc, 10 per page',
    body: ZModuleListRequest,
    handler: async (call, input) =>
      listEnvelope(await call.modules.list(listRequest(input) as never), (m) => ({
        Id: m.id,
        name: m.name,
        alias: m.alias,
        url: m.url,
        icon: m.icon,
        sorting: m.sorting,
      })),
  },
  {
    method: 'GET',
    url: '/api/modules',
    summary: 'Module list by query parameters (search, sort, direction, page)',
    handler: async (call, input) =>
      listEnvelope(await call.modules.list(listRequest(input) as never), (m) => ({
        Id: m.id,
        name: m.name,
        alias: m.alias,
        url: m.url,
        icon: m.icon,
        sorting: m.sorting,
      })),
  },
  {
    method: 'GET',
    url: '/api/modules/:id',
    summary: 'One module',
    handler: async (call, { params }) => ({ success: true, result: await call.modules.get({ id: params.id as never }) }),
  },
  {
    method: 'POST',
    url: '/api/modules/update',
    summary: 'Create (no id) or save a module -> {success, result: id}',
    body: ZModuleUpdateRequest,
    handler: async (call, { body }) => {
      const r = await call.modules.update(body as never);
      return { success: true, result: r.id };
    },
  },
  {
    method: 'DELETE',
    url: '/api/modules/:id',
    summary: 'Delete a module',
    handler: async (call, { params }) => call.modules.delete({ id: params.id as never }),
  },
  {
    method: 'GET',
    url: '/api/clients/:id/modules',
    summary: "A club's module settings (active, endpoint, features, role rules)",
    handler: async (call, { params }) => ({ success: true, result: await call.clients.modules({ clientId: params.id as never }) }),
  },
  {
    method: 'POST',
    url: '/api/clients/:id/modules/update',
    summary: "Save one module's settings for a club",
    handler: async (call, { params, body }) => call.clients.updateModule({ ...body, clientId: params.id } as never),
  },
]);
