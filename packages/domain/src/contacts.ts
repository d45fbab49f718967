import { z } from 'zod';
import { contactDetailFields, ZCompanySearchRequest } from './companies';
import { ZExtraInfoInput, ZExtraInfoResponse } from './extraInfo';
import { ZPage } from './responses';
import { fileRef, uploads } from './files';
import { listInput } from './list';
import { bool, email, id, optionalId, optionalText, text } from './validation';

/** Texts of contacts and contact lists. */
export const CONTACT_MSG = {
  pictureNotImage: 'Billede skal være et billede (PNG, JPEG, GIF eller WebP)',
  contactNotFound: 'Kontaktpersonen blev ikke fundet.',
  listNotFound: 'Kontaktlisten blev ikke fundet.',
  contactListDeleted: 'Kontaktliste blev slettet!',
  contactAddedToList: 'Kontaktpersonen blev tilføjet listen',
  contactRemovedFromList: 'Kontaktpersonen blev fjernet fra listen',
  cardNotFound: 'Betalingskortet blev ikke fundet.',
  cardDeleted: 'Betalingskortet blev slettet.',
  confirmDeleteCard: 'Er du sikker på at du vil slette dette betalingskort?',
} as const;

export const CONTACT_SORT_FIELDS = ['Name', 'Firstname', 'Lastname', 'Email', 'Phone', 'Mobile', 'Id'] as const;
export const ZContactListRequest = listInput(z.object({ companyId: optionalId }).passthrough(), CONTACT_SORT_FIELDS, {
  field: 'Name',
  dir: 'asc',
});

export const ZContactUpdateRequest = z.object({
  id: optionalId,
  firstname: text('Fornavn', 100),
  lastname: text('Efternavn', 100),
  email: email('E-mail'),
  phone: optionalText(40),
  mobile: optionalText(40),
  linkedin: optionalText(300),
  about: optionalText(5000),
  highlighted: bool,
  noInvitations: bool,
  /** Existing picture file id; null removes it. A new upload (file / pictureFile) wins. */
  picture: fileRef,
  file: uploads,
  pictureFile: uploads,
  extraInfo: ZExtraInfoInput,
  companyIds: z.array(id).max(1000).optional(),
  listIds: z.array(id).max(1000).optional(),
});
export type TContactUpdateRequest = z.input<typeof ZContactUpdateRequest>;

export const ZContactSearchRequest = z.object({
  search: z.string().trim().max(200).optional(),
  companyId: optionalId,
  ids: ZCompanySearchRequest.shape.ids,
});

export const ZContactListsRequest = listInput(z.object({}).passthrough(), ['Title', 'Id'] as const, { field: 'Title', dir: 'asc' });

export const ZContactListUpdateRequest = z.object({
  id: optionalId,
  title: text('Navn', 200),
  contactIds: z.array(id).max(10000).optional(),
});

export const ZContactListMemberRequest = z.object({ listId: id, contactId: id });


export const ZContactDeleteCardRequest = z.object({ id, cardId: z.union([z.string(), z.number()]).optional() });

/* ------------------------------------------------------------------ responses */

const nullableText = z.string().nullable();

/** A contact in lists and pickers; picture is its URL. */
export const ZContactRow = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  name: z.string(),
  email: z.string(),
  phone: nullableText,
  mobile: nullableText,
  linkedin: nullableText,
  picture: nullableText,
  highlighted: z.boolean(),
  noInvitations: z.boolean(),
});
export type TContactRow = z.output<typeof ZContactRow>;
export const ZContactListResponse = ZPage(ZContactRow);
export const ZContactSearchResponse = z.array(ZContactRow);

export const ZContactResponse = z.object({
  ...contactDetailFields,
  linkedin: nullableText,
  about: nullableText,
  highlighted: z.boolean(),
  noInvitations: z.boolean(),
  picture: z.number().int().nullable(),
  pictureUrl: nullableText,
  extraInfo: ZExtraInfoResponse,
  companyIds: z.array(z.number().int()),
  listIds: z.array(z.number().int()),
  companies: z.array(z.object({ id: z.number().int(), name: z.string(), cvr: nullableText, city: nullableText, status: z.number().int() })),
  lists: z.array(z.object({ id: z.number().int(), title: z.string() })),
  /** Saved payment cards (SPEC §3 Payment card): the provider keeps the card, we keep what the contact recognises it by. */
  paymentCards: z.array(
    z.object({ id: z.string(), cardType: z.string(), cardNumber: z.string(), expMonth: z.number().int(), expYear: z.number().int(), isDefault: z.boolean() }),
  ),
  createdAt: z.date(),
  updatedAt: z.date(),
});

export const ZContactListsResponse = ZPage(z.object({ id: z.number().int(), title: z.string(), contactCount: z.number().int() }));
export const ZContactListDetailResponse = z.object({ id: z.number().int(), title: z.string(), contactIds: z.array(z.number().int()), contacts: z.array(ZContactRow) });
