import {
  id,
  ZContactDeleteCardRequest,
  ZContactListDetailResponse,
  ZContactListMemberRequest,
  ZContactListRequest,
  ZContactListResponse,
  ZContactListsRequest,
  ZContactListsResponse,
  ZContactListUpdateRequest,
  ZContactResponse,
  ZContactSearchRequest,
  ZContactSearchResponse,
  ZContactUpdateRequest,
  ZSaveResponse,
  ZSuccessResponse,
} from '@klubhus/domain';
import { z } from 'zod';
import { moduleAccess, router } from '../trpc';
import {
  addContactToList,
  deleteContact,
  deleteContactCard,
  deleteContactList,
  getContact,
  getContactList,
  listContactLists,
  listContacts,
  removeContactFromList,
  saveContact,
  saveContactList,
  searchContacts,
} from './service';

const { read, write, remove } = moduleAccess('contacts', 'contacts');
const byId = z.object({ id });

export const contactsRouter = router({
  list: read.input(ZContactListRequest).output(ZContactListResponse).query(({ ctx, input }) => listContacts(ctx.trx, ctx.club.clientId, input)),
  search: read.input(ZContactSearchRequest).output(ZContactSearchResponse).query(({ ctx, input }) => searchContacts(ctx.trx, ctx.club.clientId, input)),
  get: read.input(byId).output(ZContactResponse).query(({ ctx, input }) => getContact(ctx.trx, ctx.club.clientId, input.id)),
  update: write.input(ZContactUpdateRequest).output(ZSaveResponse).mutation(({ ctx, input }) => saveContact(ctx.trx, ctx.files, ctx.club, input)),
  delete: remove.input(byId).output(ZSuccessResponse).mutation(({ ctx, input }) => deleteContact(ctx.trx, ctx.files, ctx.club.clientId, input.id)),
  deleteCard: write.input(ZContactDeleteCardRequest).output(ZSuccessResponse).mutation(({ ctx, input }) => deleteContactCard(ctx.trx, ctx.club.clientId, input.id, input.cardId)),

  lists: router({
    list: read.input(ZContactListsRequest).output(ZContactListsResponse).query(({ ctx, input }) => listContactLists(ctx.trx, ctx.club.clientId, input)),
    get: read.input(byId).output(ZContactListDetailResponse).query(({ ctx, input }) => getContactList(ctx.trx, ctx.club.clientId, input.id)),
    update: write.input(ZContactListUpdateRequest).output(ZSaveResponse).mutation(({ ctx, input }) => saveContactList(ctx.trx, ctx.club.clientId, input)),
    delete: remove.input(byId).output(ZSuccessResponse).mutation(({ ctx, input }) => deleteContactList(ctx.trx, ctx.files, ctx.club.clientId, input.id)),
    addContact: write
      .input(ZContactListMemberRequest)
      .output(ZSuccessResponse)
      .mutation(({ ctx, input }) => addContactToList(ctx.trx, ctx.club.clientId, input.listId, input.contactId)),
    removeContact: write
      .input(ZContactListMemberRequest)
      .output(ZSuccessResponse)
      .mutation(({ ctx, input }) => removeContactFromList(ctx.trx, ctx.club.clientId, input.listId, input.contactId)),
  }),
});
