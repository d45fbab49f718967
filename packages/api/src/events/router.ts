import {
  id,
  ZCompanyEventsResponse,
  ZCreateInvitesRequest,
  ZCreateInvitesResponse,
  ZEventListRequest,
  ZEventListResponse,
  ZEventRelationCreateRequest,
  ZEventRelationsResponse,
  ZEventResponse,
  ZEventSettingsResponse,
  ZEventTypeListRequest,
  ZEventTypeListResponse,
  ZEventTypeOptions,
  ZEventTypeResponse,
  ZEventTypeUpdateRequest,
  ZEventUpdateRequest,
  ZInviteGroupRequest,
  ZInviteGroupResponse,
  ZInviteIdsRequest,
  ZInvitesResponse,
  ZNoInput,
  ZPublicEventListRequest,
  ZPublicEventListResponse,
  ZPublicEventRequest,
  ZPublicEventResponse,
  ZPublicImageResponse,
  ZPublicInviteRequest,
  ZPublicInviteResponse,
  ZSaveInviteGroupRequest,
  ZSaveInviteRequest,
  ZSaveResponse,
  ZSendInvitesRequest,
  ZSendInvitesResponse,
  ZSuccessResponse,
} from '@klubhus/domain';
import { z } from 'zod';
import { fileStorage } from '../attachments/storage';
import { moduleAccess, publicProcedure, router } from '../trpc';
import { createInvites, deleteInvites, eventInvites, inviteGroup, saveInvite, saveInviteGroup, sendInvites } from './invites';
import { companyEvents, createRelation, deleteEvent, eventRelations, getEvent, listEvents, saveEvent } from './service';
import { publicEventList, publicEventPage, publicImage, publicInvite } from './public';
import { viewerOf } from '../app/service';
import { eventSettings } from './shared';
import { deleteEventType, eventTypeOptions, getEventType, listEventTypes, saveEventType } from './types';

const { read, write, remove } = moduleAccess('events', 'events');

const byId = z.object({ id });

export const eventTypesRouter = router({
  list: read.input(ZEventTypeListRequest).output(ZEventTypeListResponse).query(({ ctx, input }) => listEventTypes(ctx.trx, ctx.club.clientId, input)),
  options: read.input(ZNoInput).output(ZEventTypeOptions).query(({ ctx }) => eventTypeOptions(ctx.trx, ctx.club.clientId)),
  get: read.input(byId).output(ZEventTypeResponse).query(({ ctx, input }) => getEventType(ctx.trx, ctx.club.clientId, input.id)),
  update: write.input(ZEventTypeUpdateRequest).output(ZSaveResponse).mutation(({ ctx, input }) => saveEventType(ctx.trx, ctx.club.clientId, input)),
  delete: remove.input(byId).output(ZSuccessResponse).mutation(({ ctx, input }) => deleteEventType(ctx.trx, ctx.club.clientId, input.id)),
});

export const eventsRouter = router({
  list: read.input(ZEventListRequest).output(ZEventListResponse).query(({ ctx, input }) => listEvents(ctx.trx, ctx.club.clientId, input)),
  get: read.input(byId).output(ZEventResponse).query(({ ctx, input }) => getEvent(ctx.trx, ctx.club.clientId, input.id)),
  update: write.input(ZEventUpdateRequest).output(ZSaveResponse).mutation(({ ctx, input }) => saveEvent(ctx.trx, ctx.files, ctx.club, input)),
  delete: remove.input(byId).output(ZSuccessResponse).mutation(({ ctx, input }) => deleteEvent(ctx.trx, ctx.files, ctx.club.clientId, input.id)),
  /** The club's sponsor types and template names (settings.events) for the event form. */
  settings: read.input(ZNoInput).output(ZEventSettingsResponse).query(({ ctx }) => eventSettings(ctx.trx, ctx.club.clientId)),
  relations: read.input(byId).output(ZEventRelationsResponse).query(({ ctx, input }) => eventRelations(ctx.trx, ctx.club.clientId, input.id)),
  createRelation: write.input(ZEventRelationCreateRequest).output(ZSaveResponse).mutation(({ ctx, input }) => createRelation(ctx.trx, ctx.club.clientId, input.id, input.title)),
  invites: read.input(byId).output(ZInvitesResponse).query(({ ctx, input }) => eventInvites(ctx.trx, ctx.club.clientId, input.id, ctx.deps.config.baseUrl)),
  inviteGroup: read
    .input(ZInviteGroupRequest)
    .output(ZInviteGroupResponse)
    .query(({ ctx, input }) => inviteGroup(ctx.trx, ctx.club.clientId, input.id, input.key, ctx.deps.config.baseUrl)),
  createInvites: write.input(ZCreateInvitesRequest).output(ZCreateInvitesResponse).mutation(({ ctx, input }) => createInvites(ctx.trx, ctx.club.clientId, input)),
  saveInvite: write.input(ZSaveInviteRequest).output(ZSuccessResponse).mutation(({ ctx, input }) => saveInvite(ctx.trx, ctx.club.clientId, input)),
  saveInviteGroup: write
    .input(ZSaveInviteGroupRequest)
    .output(ZSuccessResponse)
    .mutation(({ ctx, input }) => saveInviteGroup(ctx.trx, ctx.club.clientId, input, ctx.deps.config.baseUrl)),
  sendInvites: write
    .input(ZSendInvitesRequest)
    .output(ZSendInvitesResponse)
    .mutation(({ ctx, input }) => sendInvites(ctx.trx, ctx.club.clientId, input, ctx.deps.config.baseUrl)),
  deleteInvites: write.input(ZInviteIdsRequest).output(ZSuccessResponse).mutation(({ ctx, input }) => deleteInvites(ctx.trx, ctx.club.clientId, input.id, input.ids)),
  /** The company screen's Arrangementer tab. */
  ofCompany: read.input(byId).output(ZCompanyEventsResponse).query(({ ctx, input }) => companyEvents(ctx.trx, ctx.club.clientId, input.id)),
});

/** What the storefront reads without a session. */
export const publicEventsRouter = router({
  list: publicProcedure.input(ZPublicEventListRequest).output(ZPublicEventListResponse).query(({ ctx, input }) => publicEventList(viewerOf(ctx), input)),
  get: publicProcedure.input(ZPublicEventRequest).output(ZPublicEventResponse).query(({ ctx, input }) => publicEventPage(viewerOf(ctx), input.url)),
  invite: publicProcedure.input(ZPublicInviteRequest).output(ZPublicInviteResponse).query(({ ctx, input }) => publicInvite(ctx.db, ctx.host, input.token)),
  image: publicProcedure.input(byId).output(ZPublicImageResponse).query(({ ctx, input }) => publicImage(ctx.db, fileStorage(ctx.deps.config), ctx.host, input.id)),
});
