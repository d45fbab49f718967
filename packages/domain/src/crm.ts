import { z } from 'zod';
import { listInput } from './list';
import { bool, email, id, optionalDate, optionalEmail, optionalId, optionalText, required, text } from './validation';

/* ------------------------------------------------------------------ companies */

/** SPEC §4: company status values and their Danish labels. */
export const COMPANY_STATUS = { lead: 0, customer: 1, negotiating: 2, terminated: 99 } as const;
export const COMPANY_STATUS_LABELS: Record<number, string> = { 0: 'Lead', 1: 'Kunde', 2: 'Under forhandling', 99: 'Opsagt' };
export const COMPANY_STATUS_VALUES = [0, 1, 2, 99] as const;

export const CRM_MSG = {
  cvrRequired: 'CVR er påkrævet, når telefon ikke er udfyldt',
  phoneRequired: 'Telefon er påkrævet, når CVR ikke er udfyldt',
  eanRequired: 'EAN er påkrævet, når EAN-fakturering er valgt',
  statusInvalid: 'Status er ugyldig',
  ownerNotStaff: 'Ansvarlig skal være en medarbejder i klubben',
  logoNotImage: 'Logo skal være et billede (PNG, JPEG, GIF eller WebP)',
  pictureNotImage: 'Billede skal være et billede (PNG, JPEG, GIF eller WebP)',
  fileNotFound: 'Filen blev ikke fundet.',
  fileTooLarge: 'Filen må maksimalt være 10 MB',
  fileTypeRefused: 'Filtypen er ikke tilladt. Tilladt: billeder (PNG, JPEG, GIF, WebP), PDF, Office-dokumenter, tekst og CSV.',
  noFiles: 'Vælg mindst én fil',
  relationUnknown: 'Ukendt relation',
  extraInfoUnknown: (alias: string) => `Ukendt ekstra felt: ${alias}`,
  extraInfoChoice: (title: string) => `${title} skal være en af de mulige værdier`,
  extraInfoSingle: (title: string) => `${title} kan kun have én værdi`,
  companyNotFound: 'Virksomheden blev ikke fundet.',
  contactNotFound: 'Kontaktpersonen blev ikke fundet.',
  listNotFound: 'Kontaktlisten blev ikke fundet.',
  contactListDeleted: 'Kontaktliste blev slettet!',
  contactAddedToList: 'Kontaktpersonen blev tilføjet listen',
  contactRemovedFromList: 'Kontaktpersonen blev fjernet fra listen',
  contactRemovedFromCompany: 'Kontaktpersonen blev fjernet fra virksomheden',
  cardNotFound: 'Betalingskortet blev ikke fundet.',
  commentRequired: 'Kommentar er påkrævet',
  commentReplyToReply: 'Der kan kun svares på en kommentar, ikke på et svar',
  commentOnlyAuthor: 'Kun forfatteren kan slette kommentaren',
  commentRead: 'Kommentaren er markeret som læst',
  fileDeleted: 'Filen blev slettet!',
  filesUploaded: 'Filen blev uploadet!',
  cvrOff: 'CVR-opslag er ikke sat op for denne installation.',
  cvrFailed: 'CVR-opslaget mislykkedes. Prøv igen senere.',
} as const;

export const COMPANY_SORT_FIELDS = ['Name', 'CVR', 'Address', 'ZipCode', 'City', 'Email', 'Phone', 'FollowUpDate', 'Utilization', 'Status', 'Id'] as const;

/** Status filter: 'Alle' (or nothing) means no filter. */
export const companyStatusFilter = z
  // Literals and null first: z.coerce.number() would turn null and '' into 0 (Lead).
  .union([z.literal('Alle'), z.literal(''), z.null(), z.coerce.number()])
  .optional()
  .transform((v) => (typeof v === 'number' && !Number.isNaN(v) ? v : null))
  .refine((v) => v === null || (COMPANY_STATUS_VALUES as readonly number[]).includes(v), CRM_MSG.statusInvalid);

export const ZCompanyListRequest = listInput(
  z.object({ status: companyStatusFilter }).passthrough(),
  COMPANY_SORT_FIELDS,
  { field: 'Name', dir: 'asc' },
);
export type TCompanyListRequest = z.input<typeof ZCompanyListRequest>;

/** Extra-info definition of the club settings (settings.companies.extraInfo / settings.contacts.extraInfo). */
export interface ExtraInfoDefinition {
  title: string;
  alias: string;
  type: 'Radio' | 'Checkbox' | 'Select' | 'Text';
  values: string[];
  multiple?: boolean;
}

export const ZExtraInfoInput = z
  .record(
    z.string(),
    z.object({
      title: z.string().optional(),
      alias: z.string().optional(),
      value: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
      values: z.array(z.string()).nullish(),
    }),
  )
  .nullish()
  .transform((v) => v ?? {});
export type TExtraInfoInput = z.output<typeof ZExtraInfoInput>;

export interface ExtraInfoStored {
  title: string;
  alias: string;
  value: string | null;
  values: string[];
}

/**
 * Checks extra-info values against the club's definitions: unknown aliases are
 * refused, Radio/Select values must be one of the choices, Checkbox/multiple
 * values a subset. Returns the normalised map or the first Danish error.
 */
export function validateExtraInfo(
  definitions: ExtraInfoDefinition[],
  input: TExtraInfoInput,
): { ok: true; value: Record<string, ExtraInfoStored> } | { ok: false; error: string } {
  const out: Record<string, ExtraInfoStored> = {};
  const byAlias = new Map(definitions.map((d) => [d.alias, d]));
  for (const [key, raw] of Object.entries(input)) {
    const alias = raw.alias || key;
    const def = byAlias.get(alias);
    if (!def) return { ok: false, error: CRM_MSG.extraInfoUnknown(alias) };
    const value = raw.value === null || raw.value === undefined || raw.value === '' ? null : String(raw.value);
    const values = (raw.values ?? []).filter((v) => v !== '');
    const multiple = def.type === 'Checkbox' || def.multiple === true;
    if (def.type === 'Text') {
      out[alias] = { title: def.title, alias, value: value ? value.slice(0, 5000) : null, values: [] };
      continue;
    }
    const chosen = multiple ? [...new Set([...values, ...(value !== null && values.length === 0 ? [value] : [])])] : values;
    if (!multiple && values.length > 1) return { ok: false, error: CRM_MSG.extraInfoSingle(def.title) };
    const single = multiple ? null : (value ?? values[0] ?? null);
    for (const v of multiple ? chosen : single === null ? [] : [single]) {
      if (!def.values.includes(v)) return { ok: false, error: CRM_MSG.extraInfoChoice(def.title) };
    }
    out[alias] = { title: def.title, alias, value: single, values: multiple ? chosen : [] };
  }
  return { ok: true, value: out };
}

/** An uploaded file handed to a procedure: bytes (REST multipart) or base64 (tRPC over HTTP). */
export const ZUpload = z.object({
  filename: z.string().trim().min(1).max(255),
  mimetype: z.string().optional(),
  data: z.union([z.instanceof(Uint8Array), z.string()]),
});
export type TUpload = z.input<typeof ZUpload>;
const uploads = z.array(ZUpload).max(20).nullish();

/** A file reference on a record: undefined keeps the current one, null or '' removes it, a number sets it. */
const fileRef = z
  .preprocess(
    // A file URL as the API hands it out (/api/files/12) counts as its id.
    (v) => (typeof v === 'string' && /^\/api\/files\/\d+$/.test(v) ? Number(v.split('/').pop()) : v),
    z.union([z.literal(''), z.null(), z.coerce.number().int().positive()], { error: 'Ugyldig fil' }).optional(),
  )
  .transform((v) => (v === undefined ? undefined : typeof v === 'number' ? v : null));

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
        ctx.addIssue({ code: 'custom', message: CRM_MSG.statusInvalid });
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
      ctx.addIssue({ code: 'custom', path: ['cvr'], message: CRM_MSG.cvrRequired });
      ctx.addIssue({ code: 'custom', path: ['phone'], message: CRM_MSG.phoneRequired });
    }
    if (v.useEAN && !v.ean) ctx.addIssue({ code: 'custom', path: ['ean'], message: CRM_MSG.eanRequired });
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

/* ------------------------------------------------------------------ contacts */

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

/* ------------------------------------------------------------------ comments */

export const COMMENTS_PAGE_SIZE = 10;
/** Records a comment or a file can belong to. */
export const RELATION_TYPES = ['company', 'contact', 'contact-list', 'event', 'order', 'contract', 'subscription', 'newsletter', 'product'] as const;

const originType = z.string({ error: CRM_MSG.relationUnknown }).trim().min(1, CRM_MSG.relationUnknown).max(50, CRM_MSG.relationUnknown);

export const ZCommentListRequest = z.object({
  originType,
  originId: id,
  skip: z.coerce.number().int().min(0).default(0),
});

export const ZCommentAddRequest = z.object({
  originType,
  originId: id,
  originUrl: optionalText(500),
  originPattern: optionalText(500),
  parentId: optionalId,
  text: z.string().max(50_000).nullish(),
  picturesFiles: uploads,
  filesFiles: uploads,
});
export type TCommentAddRequest = z.input<typeof ZCommentAddRequest>;

/* ------------------------------------------------------------------ files */

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const isImageMime = (mime: string) => (IMAGE_MIME_TYPES as readonly string[]).includes(mime);

export const ZFileUploadRequest = z.object({
  relationType: z.string({ error: CRM_MSG.relationUnknown }).trim().min(1, CRM_MSG.relationUnknown).max(50, CRM_MSG.relationUnknown),
  relationId: optionalId,
  files: z.array(ZUpload, { error: CRM_MSG.noFiles }).min(1, CRM_MSG.noFiles).max(20),
});

const startsWith = (b: Uint8Array, sig: number[], offset = 0) => sig.every((x, i) => b[offset + i] === x);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/**
 * The type of a file from its bytes (magic numbers), never from its name:
 * png, jpeg, gif, webp, pdf, Office Open XML (docx/xlsx/pptx by the zip's
 * entries) and plain text/csv (valid UTF-8 without control bytes).
 * Returns null for anything else.
 */
export function detectFileType(bytes: Uint8Array, fileName = ''): { mime: string; ext: string } | null {
  if (bytes.length === 0) return null;
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', ext: 'png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return { mime: 'image/gif', ext: 'gif' };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return { mime: 'image/webp', ext: 'webp' };
  if (ascii(bytes, 0, 5) === '%PDF-') return { mime: 'application/pdf', ext: 'pdf' };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    // Office Open XML: the zip's local file names say which kind.
    const head = ascii(bytes, 0, Math.min(bytes.length, 64 * 1024));
    if (!head.includes('[Content_Types].xml')) return null;
    if (head.includes('word/')) return { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx' };
    if (head.includes('xl/')) return { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' };
    if (head.includes('ppt/')) return { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', ext: 'pptx' };
    return null;
  }
  if (isPlainText(bytes)) {
    const csv = /\.csv$/i.test(fileName);
    return csv ? { mime: 'text/csv', ext: 'csv' } : { mime: 'text/plain', ext: 'txt' };
  }
  return null;
}

function isPlainText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, Math.min(bytes.length, 64 * 1024));
  for (const b of sample) {
    if (b === 0 || (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c)) return false;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample.length < bytes.length ? trimUtf8(sample) : sample);
    return !/<\s*(script|html|svg|iframe)/i.test(new TextDecoder().decode(sample));
  } catch {
    return false;
  }
}

/** Drops a UTF-8 sequence cut at the end of a sample. */
function trimUtf8(b: Uint8Array): Uint8Array {
  const end = b.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const c = b[end - i];
    if ((c & 0xc0) === 0xc0) return b.subarray(0, end - i);
    if ((c & 0x80) === 0) break;
  }
  return b;
}
