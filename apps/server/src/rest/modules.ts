import { ZClubModuleUpdateRequest, ZModuleListRequest, ZModuleUpdateRequest } from '@klubhus/domain';
import { defineRoutes, idParam, listEnvelope, listRequest, type RestCaller, type RestInput } from './route';

/** Module list rows as the legacy API gave them: Id, then the fields as they are. */
const moduleRow = ({ id, ...m }: { id: number; name: string; alias: string; url: string | null; icon: string; sorting: number }) => ({ Id: id, ...m });
const moduleList = async (call: RestCaller, input: RestInput) =>
  listEnvelope(await call.modules.list(listRequest(input)), moduleRow);

export const moduleRoutes = defineRoutes('Modules', [
  {
    method: 'POST',
    url: '/api/modules',
    summary: 'Module list: {filter, sort{field,dir}, page, perPage} -> {Result, TotalPages, Total}; default Sorting asc, 10 per page',
    body: ZModuleListRequest,
    handler: moduleList,
  },
  {
    method: 'GET',
    url: '/api/modules',
    summary: 'Module list by query parameters (search, sort, direction, page)',
    handler: moduleList,
  },
  {
    method: 'GET',
    url: '/api/modules/:id',
    summary: 'One module',
    handler: async (call, input) => ({ success: true, result: await call.modules.get(idParam(input)) }),
  },
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
  {
    method: 'DELETE',
    url: '/api/modules/:id',
    summary: 'Delete a module',
    handler: async (call, input) => call.modules.delete(idParam(input)),
  },
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
