import { z } from 'zod';
import { ZExtraInfoInput, ZExtraInfoResponse } from './extraInfo';
import { ZPage } from './responses';
import { fileRef, uploads } from './files';
import { listInput } from './list';
import { bool, id, optionalDate, optionalEmail, optionalId, optionalText, text } from './validation';
import { required } from './numbers';

/** SPEC §4: company status values and their Danish labels. */
export const COMPANY_STATUS = { lead: 0, customer: 1, negotiating: 2, terminated: 99 } as const;
export const COMPANY_STATUS_LABELS: Record<number, string> = { 0: 'Lead', 1: 'Kunde', 2: 'Under forhandling', 99: 'Opsagt' };
export const COMPANY_STATUS_VALUES = [0, 1, 2, 99] as const;
/** The colour of each status's badge (list and edit page). */
export const COMPANY_STATUS_COLORS: Record<number, string> = { 0: 'blue', 1: 'green', 2: 'orange', 99: 'gray' };

/** SPEC §9: the utilization bar shows a whole percentage capped at 0–100 (the number beside it is not capped). */
export const utilizationBar = (percent: number) => Math.max(0, Math.min(100, Math.round(percent)));

/** Texts of the companies domain. */
export const COMPANY_MSG = {
  cvrRequired: 'CVR er påkrævet, når telefon ikke er udfyldt',
  phoneRequired: 'Telefon er påkrævet, når CVR ikke er udfyldt',
  eanRequired: 'EAN er påkrævet, når EAN-fakturering er valgt',
  statusInvalid: 'Status er ugyldig',
  ownerNotStaff: 'Ansvarlig skal være en medarbejder i klubben',
  logoNotImage: 'Logo skal være et billede (PNG, JPEG, GIF eller WebP)',
  companyNotFound: 'Virksomheden blev ikke fundet.',
  contactRemovedFromCompany: 'Kontaktpersonen blev fjernet fra virksomheden',
  cvrOff: 'CVR-opslag er ikke sat op for denne installation.',
  cvrFailed: 'CVR-opslaget mislykkedes. Prøv igen senere.',
  ticketLimitProductUnknown: 'Et produkt i billetgrænserne findes ikke i klubben',
} as const;

export const COMPANY_SORT_FIELDS = ['Name', 'CVR', 'Address', 'ZipCode', 'City', 'Email', 'Phone', 'FollowUpDate', 'Utilization', 'Status', 'Id'] as const;

/** Status filter: 'Alle' (or nothing) means no filter. */
export const companyStatusFilter = z
  // Literals and null first: z.coerce.number() would turn null and '' into 0 (Lead).
  .union([z.literal('Alle'), z.literal(''), z.null(), z.coerce.number()])
  .optional()
  .transform((v) => (typeof v === 'number' && !Number.isNaN(v) ? v : null))
  .refine((v) => v === null || (COMPANY_STATUS_VALUES as readonly number[]).includes(v), COMPANY_MSG.statusInvalid);

export const ZCompanyListRequest = listInput(
  z.object({ status: companyStatusFilter }).passthrough(),
  COMPANY_SORT_FIELDS,
  { field: 'Name', dir: 'asc' },
);
export type TCompanyListRequest = z.input<typeof ZCompanyListRequest>;

export const ZTicketLimits = z
  .record(
    z.string().regex(/^\d+$/, 'Ugyldig arrangementstype'),
    z.array(
      z.object({
        productId: id,
        maxAmount: z
          .union([z.literal(''), z.null(), z.coerce.number().int('Maks. antal skal være et heltal.').min(0, 'Maks. antal skal minimum være 0 eller mere')])
          .optional()
          .transform((v) => (typeof v === 'number' ? v : null)),
      }),
    ),
  )
  .nullish()
  .transform((v) => v ?? {});

const digits = (label: string, lengths: number[]) =>
  optionalText(40).refine(
    (v) => v === null || (/^\d+$/.test(v.replace(/\s/g, '')) && lengths.includes(v.replace(/\s/g, '').length)),
    `${label} skal være ${lengths.join(' eller ')} cifre`,
  );

export const ZCompanyUpdateRequest = z
  .object({
    id: optionalId,
    name: text('Navn', 200),
    cvr: digits('CVR', [8]),
    ean: digits('EAN', [13]),
    useEAN: bool,
    address: optionalText(300),
    zipCode: optionalText(20),
    city: optionalText(100),
    email: optionalEmail(),
    phone: optionalText(40),
    website: optionalText(300),
    status: z.union([z.number(), z.string(), z.null()], { error: required('Status') }).transform((v, ctx) => {
      const n = v === null || (typeof v === 'string' && v.trim() === '') ? null : Number(v);
      if (n === null) {
        ctx.addIssue({ code: 'custom', message: required('Status') });
        return z.NEVER;
      }
      if (!(COMPANY_STATUS_VALUES as readonly number[]).includes(n)) {
        ctx.addIssue({ code: 'custom', message: COMPANY_MSG.statusInvalid });
        return z.NEVER;
      }
      return n;
    }),
    followUpDate: optionalDate('Opfølgningsdato'),
    vatExcluded: bool,
    /** Existing file ids; null removes the logo. A new upload (logoWebFile) wins. */
    logoWeb: fileRef,
    logoPrint: fileRef,
    logoWebFile: uploads,
    logoPrintFile: uploads,
    extraInfo: ZExtraInfoInput,
    ownerId: optionalId,
    contactIds: z.array(id).max(1000).optional(),
    ticketLimits: ZTicketLimits,
  })
  .superRefine((v, ctx) => {
    if (!v.cvr && !v.phone) {
      ctx.addIssue({ code: 'custom', path: ['cvr'], message: COMPANY_MSG.cvrRequired });
      ctx.addIssue({ code: 'custom', path: ['phone'], message: COMPANY_MSG.phoneRequired });
    }
    if (v.useEAN && !v.ean) ctx.addIssue({ code: 'custom', path: ['ean'], message: COMPANY_MSG.eanRequired });
  });
export type TCompanyUpdateRequest = z.input<typeof ZCompanyUpdateRequest>;

export const ZCompanySearchRequest = z.object({
  search: z.string().trim().max(200).optional(),
  ids: z
    .union([z.array(id), z.string(), id])
    .optional()
    .transform((v) =>
      v === undefined ? undefined : Array.isArray(v) ? v : typeof v === 'number' ? [v] : v.split(',').filter(Boolean).map(Number).filter((n) => Number.isInteger(n) && n > 0),
    ),
});

/** CVR search starts at 3 characters (SPEC §9). */
export const CVR_SEARCH_MIN = 3;


/* ------------------------------------------------------------------ responses */

const nullableText = z.string().nullable();
/** A company's address and how to reach it, as the company and a CVR search result answer them. */
const addressFields = {
  address: nullableText,
  zipCode: nullableText,
  city: nullableText,
  email: nullableText,
  phone: nullableText,
  website: nullableText,
};

export const ZCompanyListRow = z.object({
  id: z.number().int(),
  name: z.string(),
  cvr: nullableText,
  address: nullableText,
  zipCode: nullableText,
  city: nullableText,
  email: nullableText,
  phone: nullableText,
  followUpDate: nullableText,
  status: z.number().int(),
  /** Percent of the company's ticket limits used (0 until events and bookings exist: issue 12). */
  utilization: z.number(),
  logoWeb: nullableText,
});
export type TCompanyListRow = z.output<typeof ZCompanyListRow>;
export const ZCompanyListResponse = ZPage(ZCompanyListRow);

/** A generated spreadsheet handed to the browser. */
export const ZSpreadsheetResponse = z.object({ fileName: z.string(), mimeType: z.string(), base64: z.string() });

export const ZCompanyOrderSummary = z.object({
  id: z.number().int(),
  status: z.string(),
  orderNumber: z.number().int(),
  createDate: z.string(),
  subtotal: z.number(),
  additionalFee: z.number(),
});
export const ZCompanyContractSummary = z.object({
  id: z.number().int(),
  status: z.string(),
  contractNumber: z.number().int(),
  category: nullableText,
  startDate: nullableText,
  endDate: nullableText,
});
/** A contact's name and how to reach them: the company's contact rows and the contact's own response (contacts.ts). */
export const contactDetailFields = {
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: nullableText,
  mobile: nullableText,
};
export const ZCompanyContactRow = z.object({
  ...contactDetailFields,
  picture: z.number().int().nullable(),
  pictureUrl: nullableText,
  highlighted: z.boolean(),
});
export const ZTicketLimitsResponse = z.record(z.string(), z.array(z.object({ productId: z.number().int(), maxAmount: z.number().int().nullable() })));

export const ZCompanyResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  cvr: nullableText,
  ean: nullableText,
  useEAN: z.boolean(),
  ...addressFields,
  status: z.number().int(),
  followUpDate: nullableText,
  vatExcluded: z.boolean(),
  logoWeb: z.number().int().nullable(),
  logoPrint: z.number().int().nullable(),
  logoWebUrl: nullableText,
  logoPrintUrl: nullableText,
  extraInfo: ZExtraInfoResponse,
  ownerId: z.number().int().nullable(),
  owner: z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string(), email: z.string(), picture: nullableText }).nullable(),
  ticketLimits: ZTicketLimitsResponse,
  orders: z.array(ZCompanyOrderSummary),
  contracts: z.array(ZCompanyContractSummary),
  contactIds: z.array(z.number().int()),
  contacts: z.array(ZCompanyContactRow),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TCompanyResponse = z.output<typeof ZCompanyResponse>;

export const ZCompanySearchResponse = z.array(
  z.object({ id: z.number().int(), name: z.string(), cvr: nullableText, city: nullableText, status: z.number().int(), logoWeb: nullableText }),
);

export const ZCvrSearchRequest = z.object({ query: z.string().trim().max(100).default('') });
export const ZCvrSearchResponse = z.object({
  enabled: z.boolean(),
  message: nullableText,
  results: z.array(
    z.object({
      name: z.string(),
      cvr: z.string(),
      ...addressFields,
    }),
  ),
});

export const ZCompanyRevenueResponse = z.object({ id: z.number().int(), yearToDate: z.number(), lastYear: z.number(), total: z.number() });
export const ZCompanyTicketUtilizationResponse = z.array(
  z.object({ id: z.number().int(), product: z.string(), used: z.number().int(), total: z.number().int(), utilization: z.number() }),
);
export const ZCompanyRemoveContactRequest = z.object({ companyId: id, contactId: id });
