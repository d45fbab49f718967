import { z } from 'zod';
import { EXTRA_INFO_TYPES, enumOf, idList, idOrNew, sorting, stringList } from './catalogue';
import { ZUpload } from './files';
import { listInput } from './list';
import { confirmDelete } from './messages';
import { kroner, optionalKroner } from './kroner';
import { ZPage } from './responses';
import { bool, email, id, optionalId, optionalInteger, optionalText, safeString, text } from './validation';
import { required } from './numbers';

/**
 * Events and event types (SPEC §3 Events, §5 Event, §8, §9). One form schema serves the event and the
 * type (a type is an event template without dates, owner, sender or partners), on the server and in
 * the web form. Times travel as ISO 8601; a time without an offset is read in the club's time zone.
 */

export const EVENT_MSG = {
  eventCreated: 'Arrangement blev oprettet!',
  eventSaved: 'Arrangement blev gemt!',
  eventDeleted: 'Arrangement blev slettet!',
  typeCreated: 'Typen blev oprettet!',
  typeSaved: 'Typen blev gemt!',
  typeDeleted: 'Typen blev slettet!',
  invitesCreated: 'Invitationer blev oprettet!',
  invitesSent: 'Invitationer blev sendt!',
  invitesDeleted: 'Invitationer blev slettet!',
  inviteSaved: 'Invitationen blev gemt!',
  confirmDeleteEvent: confirmDelete('dette', 'arrangement'),
  confirmDeleteType: confirmDelete('denne', 'type'),
  confirmDeleteInvites: 'Er du sikker på at du vil slette de valgte invitationer?',
  createEvent: 'Opret arrangement',
  createType: 'Opret type',
  createRelation: 'Opret relation',
  subEvent: 'Underarrangement',
  // Refusals SPEC does not word, in the same voice.
  unknownEvent: 'Arrangementet findes ikke.',
  unknownType: 'Typen findes ikke.',
  unknownProduct: 'Produktet findes ikke.',
  notTicketProduct: 'Produktet er ikke en billet.',
  unknownCompany: 'Virksomheden findes ikke.',
  unknownContact: 'Kontaktpersonen findes ikke.',
  unknownContactList: 'Kontaktlisten findes ikke.',
  unknownChart: 'Salsplanen findes ikke.',
  unknownOwner: 'Ansvarlig er ikke en bruger i klubben.',
  unknownSponsorType: (type: string) => `Ukendt sponsortype: ${type}`,
  unknownTemplate: (name: string) => `Ukendt skabelon: ${name}`,
  urlTaken: 'Der findes allerede et arrangement med denne URL.',
  urlInvalid: 'URL må kun indeholde små bogstaver, tal og bindestreger.',
  endBeforeStart: 'Slut dato skal være efter start dato.',
  deadlineBeforeStart: 'Tilmeldingsfrist skal være efter tilmeldingsstart.',
  hasChildren: 'Arrangementet har underarrangementer og kan ikke slettes.',
  childOfChild: 'Et underarrangement kan ikke have underarrangementer.',
  chartLocked: 'Salsplanen kan ikke skiftes, når der er reserveret eller solgt pladser.',
  seatsioChartLocked: 'Salsplanen kan ikke skiftes, når arrangementet er oprettet i seats.io.',
  noInvitees: 'Vælg mindst én virksomhed, kontakt eller kontaktliste.',
  noContactsToInvite: 'Der blev ikke fundet nogen kontaktpersoner med e-mail at invitere.',
  attachmentTooLarge: `Vedhæftet fil må maksimalt være ${10000} KB`,
  imageNotImage: 'Billede skal være et billede (PNG, JPEG, GIF eller WebP)',
  inviteSubject: (title: string) => `Invitation: ${title}`,
  reminderSubject: (title: string) => `Påmindelse: ${title}`,
  updateSubject: (title: string) => `Opdatering: ${title}`,
} as const;

/** SPEC §9 */
export const REMINDER_INTERVALS = [1, 2, 3, 4, 5, 7, 14] as const;
export const CONTROL_TYPES = ['None', 'Manuelt', 'Stregkode'] as const;
export const CONTROL_TYPE_LABELS: Record<(typeof CONTROL_TYPES)[number], string> = { None: 'Ingen', Manuelt: 'Manuelt', Stregkode: 'Stregkode' };
export const TABLE_CARD_FORMATS = ['A4', 'A4 folded', 'A5'] as const;
export const TABLE_CARD_ORIENTATIONS = ['Portrait', 'Landscape'] as const;
export const NOTIFICATION_GROUPS = ['invitation', 'reminder', 'update', 'cancelled', 'receipt'] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];
export const NOTIFICATION_LABELS: Record<NotificationGroup, string> = {
  invitation: 'Invitation',
  reminder: 'Påmindelse',
  update: 'Opdatering',
  cancelled: 'Aflysning',
  receipt: 'Kvittering',
};
/** The template choice 'Standard' (the built-in mail); null is 'Ingen'. */
export const STANDARD_TEMPLATE = 'standard';
/** SPEC §5: invite attachment size 10000 (KB). */
export const MAX_INVITE_ATTACHMENT_BYTES = 10000 * 1024;
/** An invite token: 24 random bytes (192 bits), base64url. */
export const INVITE_TOKEN_BYTES = 24;
export const inviteLink = (baseUrl: string, token: string) => `${baseUrl.replace(/\/$/, '')}/public/events/invite/${token}`;

// ---------------------------------------------------------------- time

/** Milliseconds `timeZone` is ahead of UTC at `at`. */
function zoneOffset(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const n = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) - Math.floor(at / 1000) * 1000;
}

/** 'YYYY-MM-DDTHH:mm[:ss]' read as wall-clock time in `timeZone` → the instant. */
export function zonedToInstant(local: string, timeZone: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(local);
  if (!m) return new Date(Number.NaN);
  const wall = Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
  const first = wall - zoneOffset(wall, timeZone);
  // Once more at the found instant: right across a daylight-saving change.
  return new Date(wall - zoneOffset(first, timeZone));
}

/** The instant → 'YYYY-MM-DDTHH:mm' wall-clock time in `timeZone` (a datetime-local input's value). */
export function instantToZoned(at: Date | string, timeZone: string): string {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return new Date(ms + zoneOffset(ms, timeZone)).toISOString().slice(0, 16);
}

/** The time zone a naive time on the wire is read in (SPEC: the club's, default Europe/Berlin). */
export const EVENT_TIME_ZONE = 'Europe/Berlin';
const hasOffset = (s: string) => /(Z|[+-]\d{2}:?\d{2})$/i.test(s);
const toInstant = (s: string) => (hasOffset(s) ? new Date(s) : zonedToInstant(s, EVENT_TIME_ZONE));

/** A required date-time: an ISO string ('…Z', '…+01:00', or naive in the club's zone) → ISO 'Z'. */
export const dateTime = (label: string) =>
  safeString({ error: required(label) })
    .trim()
    .min(1, required(label))
    .transform((v, ctx) => {
      const d = toInstant(v);
      if (Number.isNaN(d.getTime())) {
        ctx.addIssue({ code: 'custom', message: `${label} skal være en gyldig dato` });
        return z.NEVER;
      }
      return d.toISOString();
    });

export const optionalDateTime = (label: string) =>
  z
    .union([safeString(), z.null()])
    .optional()
    .transform((v, ctx) => {
      const s = v?.trim();
      if (!s) return null;
      const d = toInstant(s);
      if (Number.isNaN(d.getTime())) {
        ctx.addIssue({ code: 'custom', message: `${label} skal være en gyldig dato` });
        return z.NEVER;
      }
      return d.toISOString();
    });

// ---------------------------------------------------------------- form parts

const numbers = (allowed: readonly number[], label: string) =>
  z
    .array(z.coerce.number())
    .nullish()
    .transform((v, ctx) => {
      const out = [...new Set(v ?? [])].sort((a, b) => a - b);
      if (out.some((n) => !allowed.includes(n))) {
        ctx.addIssue({ code: 'custom', message: `${label} er ugyldig` });
        return z.NEVER;
      }
      return out;
    });

export const ZNotification = z.object({
  /** null or '' = Ingen; 'standard' = Standard; else a club template's name. */
  template: z
    .union([safeString(), z.null()])
    .optional()
    .transform((v) => (v?.trim() ? v.trim().slice(0, 200) : null)),
  reminderInterval: numbers(REMINDER_INTERVALS, 'Påmindelsesinterval'),
});
const notificationGroups = z
  .object(Object.fromEntries(NOTIFICATION_GROUPS.map((g) => [g, ZNotification.nullish()])) as Record<NotificationGroup, z.ZodOptional<z.ZodNullable<typeof ZNotification>>>)
  .partial()
  .nullish()
  .transform((v) => {
    const out: Partial<Record<NotificationGroup, z.output<typeof ZNotification>>> = {};
    for (const g of NOTIFICATION_GROUPS) {
      const n = v?.[g];
      if (n) out[g] = g === 'reminder' ? n : { template: n.template, reminderInterval: [] };
    }
    return out;
  });
export type TNotifications = z.output<typeof notificationGroups>;

export const ZEventExtraInfo = z.object({
  title: text('Titel', 200),
  alias: text('Alias', 100),
  type: enumOf(EXTRA_INFO_TYPES, 'Type'),
  values: stringList,
  required: bool,
});

/** A ticket product of an event (SPEC §3 "Ticket product"); `id` is the row, kept across saves. */
export const ZTicketProduct = z.object({
  id: idOrNew,
  productId: z.union([id, z.literal(''), z.null()], { error: required('Produkt') }).transform((v, ctx) => {
    if (typeof v !== 'number') {
      ctx.addIssue({ code: 'custom', message: required('Produkt') });
      return z.NEVER;
    }
    return v;
  }),
  title: text('Titel', 500),
  price: kroner('Pris'),
  publicPrice: optionalKroner('Offentlig pris'),
  makePublicAt: optionalDateTime('Offentlig fra'),
  releaseReservedAt: optionalDateTime('Frigiv reserverede'),
  maxAmount: optionalInteger('Maks. antal', { min: 0 }),
  maxCompanyAmount: optionalInteger('Maks. antal pr. virksomhed', { min: 0 }),
  nameRequired: bool,
  public: bool,
  disableAdditionalTickets: bool,
  altStartDate: optionalDateTime('Alternativ startdato'),
  ticketDescription: optionalText(20000),
  sorting,
});
export type TicketProductInput = z.output<typeof ZTicketProduct>;

const fileRefOrKeep = z
  .union([z.literal(''), z.null(), z.coerce.number().int().positive()])
  .optional()
  .transform((v) => (v === undefined ? undefined : typeof v === 'number' ? v : null));
const imageUpload = z.array(ZUpload).max(1).nullish();

export const ZTicketSettings = z
  .object({
    controlType: z.enum(CONTROL_TYPES).nullish().transform((v) => v ?? 'None'),
    template: optionalText(200),
    ticketLogo: fileRefOrKeep,
    ticketPicture: fileRefOrKeep,
    products: z.array(ZTicketProduct).max(200).nullish().transform((v) => v ?? []),
  })
  .nullish()
  .transform((v) => v ?? { controlType: 'None' as const, template: null, ticketLogo: undefined, ticketPicture: undefined, products: [] });

export const ZInvitees = z
  .object({
    productIds: idList('Produkt'),
    orderProductIds: idList('Produkt'),
    companyIds: idList('Virksomhed'),
    contactIds: idList('Kontaktperson'),
    contactListIds: idList('Kontaktliste'),
  })
  .partial()
  .nullish()
  .transform((v) => ({
    productIds: v?.productIds ?? [],
    orderProductIds: v?.orderProductIds ?? [],
    companyIds: v?.companyIds ?? [],
    contactIds: v?.contactIds ?? [],
    contactListIds: v?.contactListIds ?? [],
  }));
export type TInvitees = z.output<typeof ZInvitees>;

export const ZTablePlan = z
  .object({
    cardPicture: fileRefOrKeep,
    cardFormat: z.enum(TABLE_CARD_FORMATS).nullish().transform((v) => v ?? 'A4'),
    cardOrientation: z.enum(TABLE_CARD_ORIENTATIONS).nullish().transform((v) => v ?? 'Portrait'),
    productIds: idList('Produkt'),
  })
  .nullish()
  .transform((v) => v ?? { cardPicture: undefined, cardFormat: 'A4' as const, cardOrientation: 'Portrait' as const, productIds: [] });

export const ZSponsorGroup = z.object({ type: text('Sponsortype', 200), companies: idList('Virksomhed') });

/** What an event and its type share (the type's template). */
const templateFields = {
  location: optionalText(500),
  description: optionalText(100000),
  privateDescription: optionalText(100000),
  ticketDescription: optionalText(20000),
  terms: optionalText(100000),
  maxSignups: optionalInteger('Maks. tilmeldinger', { min: 0 }),
  maxCompanySignups: optionalInteger('Maks. tilmeldinger pr. virksomhed', { min: 0 }),
  private: bool,
  businessOnly: bool,
  promote: bool,
  showParticipants: bool,
  hasTickets: bool,
  hasSeating: bool,
  hasSponsors: bool,
  hasTables: bool,
  emailNotifications: notificationGroups,
  smsNotifications: notificationGroups,
  extraInfo: z.array(ZEventExtraInfo).max(50).nullish().transform((v) => v ?? []),
  tickets: ZTicketSettings,
  seating: z
    // chartKey: a seats.io chart, for clubs that sell seats through seats.io instead of the built-in charts.
    .object({ chartId: optionalId, chartKey: optionalText(200) })
    .partial()
    .nullish()
    .transform((v) => ({ chartId: v?.chartId ?? null, chartKey: v?.chartKey ?? null })),
  tablePlan: ZTablePlan,
  invitees: ZInvitees,
};

/** An event type (SPEC §2 Type screen): a title and the template a new event is prefilled from. */
export const ZEventTypeUpdateRequest = z.object({ id: idOrNew, title: text('Titel', 500), ...templateFields });
export type TEventTypeUpdateRequest = z.input<typeof ZEventTypeUpdateRequest>;
export type EventTypeUpdate = z.output<typeof ZEventTypeUpdateRequest>;
/** A type's stored template: the form without id and title; ticket products without row ids. */
export type EventTemplate = Omit<EventTypeUpdate, 'id' | 'title'>;

const sender = z
  .object({ name: optionalText(200), email: z.union([safeString(), z.null()]).optional() })
  .partial()
  .nullish()
  .transform((v) => ({ name: v?.name ?? null, email: v?.email?.trim() ? v.email.trim().toLowerCase() : null }));

/** SPEC §3 Event form (and §5's rules). */
export const ZEventUpdateRequest = z
  .object({
    id: idOrNew,
    parentId: optionalId,
    typeId: z.union([id, z.literal(''), z.null()], { error: required('Type') }).optional(),
    title: text('Titel', 500),
    url: z
      .union([safeString(), z.null()])
      .optional()
      .transform((v) => (v?.trim() ? v.trim().toLowerCase() : null)),
    startDate: dateTime('Start dato'),
    endDate: dateTime('Slut dato'),
    signUpStart: dateTime('Tilmeldingsstart'),
    signUpPublic: optionalDateTime('Offentlig tilmelding'),
    signUpDeadline: dateTime('Tilmeldingsfrist'),
    activeDate: optionalDateTime('Aktiv dato'),
    ownerId: optionalId,
    sender,
    sponsors: z.array(ZSponsorGroup).max(50).nullish().transform((v) => v ?? []),
    bannerPicture: fileRefOrKeep,
    bannerBottom: fileRefOrKeep,
    inviteAttachment: fileRefOrKeep,
    chartPicture: fileRefOrKeep,
    bannerPictureFile: imageUpload,
    bannerBottomFile: imageUpload,
    inviteAttachmentFile: z.array(ZUpload).max(1).nullish(),
    ticketLogoFile: imageUpload,
    ticketPictureFile: imageUpload,
    chartPictureFile: imageUpload,
    cardPictureFile: imageUpload,
    ...templateFields,
  })
  .superRefine((v, ctx) => {
    if (typeof v.typeId !== 'number') ctx.addIssue({ code: 'custom', message: required('Type'), path: ['typeId'] });
    if (v.endDate < v.startDate) ctx.addIssue({ code: 'custom', message: EVENT_MSG.endBeforeStart, path: ['endDate'] });
    if (v.signUpDeadline < v.signUpStart) ctx.addIssue({ code: 'custom', message: EVENT_MSG.deadlineBeforeStart, path: ['signUpDeadline'] });
    if (v.url !== null && !/^[a-z0-9æøå]+(?:-[a-z0-9æøå]+)*$/.test(v.url)) ctx.addIssue({ code: 'custom', message: EVENT_MSG.urlInvalid, path: ['url'] });
    // SPEC §5: sender name and e-mail are required when the event sends mail.
    const sendsMail = Object.values(v.emailNotifications).some((n) => n?.template);
    if (sendsMail && !v.sender.name) ctx.addIssue({ code: 'custom', message: required('Afsender navn'), path: ['sender', 'name'] });
    if (sendsMail && !v.sender.email) ctx.addIssue({ code: 'custom', message: required('Afsender e-mail'), path: ['sender', 'email'] });
    if (v.sender.email && !email().safeParse(v.sender.email).success) {
      ctx.addIssue({ code: 'custom', message: 'Afsender e-mail skal være en gyldig e-mail', path: ['sender', 'email'] });
    }
  })
  .transform((v) => ({ ...v, typeId: v.typeId as number }));
export type TEventUpdateRequest = z.input<typeof ZEventUpdateRequest>;
export type EventUpdate = z.output<typeof ZEventUpdateRequest>;

/** A public address from a title: 'Hjemmekamp mod AGF' → 'hjemmekamp-mod-agf'. */
export function slugify(title: string): string {
  return (
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9æøå]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'arrangement'
  );
}

// ---------------------------------------------------------------- lists

export const EVENT_SORTS = ['StartDate', 'EndDate', 'SignUpDeadline', 'Title', 'Id'] as const;
const dateRange = z
  .object({ from: z.string().trim().nullish(), to: z.string().trim().nullish() })
  .partial()
  .nullish()
  .transform((v, ctx) => {
    const parse = (s: string | null | undefined) => {
      if (!s) return null;
      const d = hasOffset(s) || s.length > 10 ? toInstant(s) : zonedToInstant(s, EVENT_TIME_ZONE);
      if (Number.isNaN(d.getTime())) {
        ctx.addIssue({ code: 'custom', message: 'Ugyldig dato' });
        return null;
      }
      return d.toISOString();
    };
    // A bare 'to' date includes that whole day.
    const to = v?.to && v.to.length === 10 ? `${v.to}T23:59:59` : v?.to;
    return { from: parse(v?.from), to: parse(to) };
  });
/** POST {base}/v2: the tree table's filters (a date range per date column) and the global text filter. */
export const ZEventListRequest = listInput(
  z
    .object({ startDate: dateRange, endDate: dateRange, signUpDeadline: dateRange })
    .partial()
    .passthrough()
    .transform((f) => ({ startDate: f.startDate ?? null, endDate: f.endDate ?? null, signUpDeadline: f.signUpDeadline ?? null })),
  EVENT_SORTS,
  { field: 'StartDate', dir: 'desc' },
);

const ZEventRowBase = z.object({
  id: z.number().int(),
  title: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  signUpDeadline: z.string(),
  parentId: z.number().int().nullable(),
});
export const ZEventRow = ZEventRowBase.extend({ relations: z.array(ZEventRowBase) });
export type TEventRow = z.output<typeof ZEventRow>;
export const ZEventListResponse = ZPage(ZEventRow);

export const ZEventTypeListRequest = listInput(z.object({}).passthrough(), ['Title', 'Id'] as const, { field: 'Title', dir: 'asc' });
export const ZEventTypeListResponse = ZPage(z.object({ id: z.number().int(), title: z.string() }));
export const ZEventTypeOptions = z.array(z.object({ id: z.number().int(), title: z.string() }));

// ---------------------------------------------------------------- responses

const nullableString = z.string().nullable();
const ZTicketProductResponse = z.object({
  id: z.number().int().nullable(),
  productId: z.number().int(),
  product: z.object({ id: z.number().int(), title: z.string(), type: z.string(), seatCategory: nullableString }).nullable(),
  title: z.string(),
  price: z.number(),
  publicPrice: z.number().nullable(),
  makePublicAt: nullableString,
  releaseReservedAt: nullableString,
  maxAmount: z.number().int().nullable(),
  maxCompanyAmount: z.number().int().nullable(),
  nameRequired: z.boolean(),
  public: z.boolean(),
  disableAdditionalTickets: z.boolean(),
  altStartDate: nullableString,
  ticketDescription: nullableString,
  sorting: z.number().int(),
});
const ZNotificationResponse = z.object({ template: nullableString, reminderInterval: z.array(z.number().int()) });
const notificationsResponse = z.object(
  Object.fromEntries(NOTIFICATION_GROUPS.map((g) => [g, ZNotificationResponse.optional()])) as Record<NotificationGroup, z.ZodOptional<typeof ZNotificationResponse>>,
);
/** A stored file as the form shows it: its id and URL (staff) and, for images, the public URL. */
const ZFileResponse = z.object({ id: z.number().int(), name: z.string(), url: z.string(), publicUrl: nullableString }).nullable();

const templateResponse = {
  location: nullableString,
  description: nullableString,
  privateDescription: nullableString,
  ticketDescription: nullableString,
  terms: nullableString,
  maxSignups: z.number().int().nullable(),
  maxCompanySignups: z.number().int().nullable(),
  private: z.boolean(),
  businessOnly: z.boolean(),
  promote: z.boolean(),
  showParticipants: z.boolean(),
  hasTickets: z.boolean(),
  hasSeating: z.boolean(),
  hasSponsors: z.boolean(),
  hasTables: z.boolean(),
  emailNotifications: notificationsResponse,
  smsNotifications: notificationsResponse,
  extraInfo: z.array(z.object({ title: z.string(), alias: z.string(), type: z.enum(EXTRA_INFO_TYPES), values: z.array(z.string()), required: z.boolean() })),
  tickets: z.object({
    controlType: z.enum(CONTROL_TYPES),
    template: nullableString,
    ticketLogo: ZFileResponse,
    ticketPicture: ZFileResponse,
    products: z.array(ZTicketProductResponse),
  }),
  seating: z.object({
    chartId: z.number().int().nullable(),
    name: nullableString,
    eventId: z.number().int().nullable(),
    chartPicture: ZFileResponse,
    /** seats.io: the chart key and the seats.io event made from it (null until the first seat is taken). */
    chartKey: nullableString,
    seatsioEventKey: nullableString,
  }),
  tablePlan: z.object({
    cardPicture: ZFileResponse,
    cardFormat: z.enum(TABLE_CARD_FORMATS),
    cardOrientation: z.enum(TABLE_CARD_ORIENTATIONS),
    productIds: z.array(z.number().int()),
  }),
  invitees: z.object({
    productIds: z.array(z.number().int()),
    orderProductIds: z.array(z.number().int()),
    companyIds: z.array(z.number().int()),
    contactIds: z.array(z.number().int()),
    contactListIds: z.array(z.number().int()),
  }),
};

export const ZEventTypeResponse = z.object({ id: z.number().int(), title: z.string(), ...templateResponse });
export type TEventTypeResponse = z.output<typeof ZEventTypeResponse>;

export const ZEventResponse = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  parent: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  typeId: z.number().int().nullable(),
  title: z.string(),
  url: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  signUpStart: z.string(),
  signUpPublic: nullableString,
  signUpDeadline: z.string(),
  activeDate: nullableString,
  ownerId: z.number().int().nullable(),
  sender: z.object({ name: nullableString, email: nullableString }),
  sponsors: z.array(z.object({ type: z.string(), companies: z.array(z.object({ id: z.number().int(), name: z.string(), logoWeb: nullableString })) })),
  bannerPicture: ZFileResponse,
  bannerBottom: ZFileResponse,
  inviteAttachment: ZFileResponse,
  ...templateResponse,
});
export type TEventResponse = z.output<typeof ZEventResponse>;

// ---------------------------------------------------------------- relations

export const ZEventRelationCreateRequest = z.object({ id, title: text('Titel', 500) }).partial({ title: true });
export const ZEventRelationsResponse = z.array(ZEventRowBase);

// ---------------------------------------------------------------- invitations

export const INVITE_SEND_TYPES = ['invitation', 'reminder', 'update'] as const;
export type InviteSendType = (typeof INVITE_SEND_TYPES)[number];

export const ZCreateInvitesRequest = z.object({
  id,
  invitees: ZInvitees,
  /** Every company with status Kunde (active customers) as well. */
  allActive: bool,
  /** With allActive: only customers created on or before this date. */
  activeDate: optionalDateTime('Aktiv dato'),
});
export const ZInviteIdsRequest = z.object({ id, ids: z.array(id).min(1, 'Vælg mindst én invitation').max(5000) });
export const ZSendInvitesRequest = ZInviteIdsRequest.extend({
  type: z.enum(INVITE_SEND_TYPES).nullish().transform((v) => v ?? 'invitation'),
  force: bool,
});
const ZInviteProductInput = z.object({
  productId: z.union([id, z.literal(''), z.null()], { error: required('Produkt') }).transform((v, ctx) => {
    if (typeof v !== 'number') {
      ctx.addIssue({ code: 'custom', message: required('Produkt') });
      return z.NEVER;
    }
    return v;
  }),
  amount: z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v, ctx) => {
      const s = v === null || v === undefined ? '' : String(v).trim();
      if (s === '') {
        ctx.addIssue({ code: 'custom', message: required('Antal') });
        return z.NEVER;
      }
      const n = Number(s);
      if (!Number.isInteger(n) || n < 0 || n > 100000) {
        ctx.addIssue({ code: 'custom', message: 'Antal skal være et tal.' });
        return z.NEVER;
      }
      return n;
    }),
  amountPerInvite: optionalInteger('Antal pr. invitation', { min: 0, max: 100000 }).transform((v) => v ?? 0),
});
export const ZSaveInviteRequest = z.object({ inviteId: id, products: z.array(ZInviteProductInput).max(100) });
export const ZInviteGroupRequest = z.object({ id, key: z.string().regex(/^(company|list):\d+$|^contacts$/, 'Ukendt gruppe') });
export const ZSaveInviteGroupRequest = ZInviteGroupRequest.extend({ products: z.array(ZInviteProductInput).max(100) });

const ZInviteResponse = z.object({
  id: z.number().int(),
  token: z.string(),
  link: z.string(),
  contact: z.object({ id: z.number().int(), firstname: z.string(), lastname: nullableString, email: nullableString }),
  products: z.array(z.object({ productId: z.number().int(), product: z.string(), amount: z.number().int(), amountPerInvite: z.number().int() })),
  invitationSent: z.boolean(),
  invitationSentAt: nullableString,
  remindersSent: z.array(z.number().int()),
});
export type TInviteResponse = z.output<typeof ZInviteResponse>;
export const ZInviteGroupResponse = z.object({
  key: z.string(),
  name: z.string(),
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  list: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  invites: z.array(ZInviteResponse),
});
export const ZInvitesResponse = z.object({ companies: z.array(ZInviteGroupResponse), lists: z.array(ZInviteGroupResponse) });
export const ZCreateInvitesResponse = z.object({ created: z.number().int(), message: z.string() });
export const ZSendInvitesResponse = z.object({ sent: z.number().int(), skipped: z.number().int(), message: z.string() });

/** The ticket-limit editor of a company: event types and the ticket products of their templates. */
export const ZEventTypeProducts = z.object({
  result: z.array(z.object({ id: z.number().int(), title: z.string() })),
  products: z.array(z.object({ id: z.number().int(), title: z.string(), typeId: z.number().int() })),
});

/** The events a company is invited to or attends (company screen, Arrangementer tab). */
export const ZCompanyEventsResponse = z.array(
  z.object({ id: z.number().int(), title: z.string(), startDate: z.string(), invites: z.number().int(), invitationsSent: z.number().int(), sponsor: z.boolean() }),
);

export const ZEventSettingsResponse = z.object({
  sponsorTypes: z.array(z.string()),
  emailTemplates: z.array(z.string()),
  smsTemplates: z.array(z.string()),
  ticketTemplates: z.array(z.string()),
});

/** GET /api/public/images/{id}: a storefront image's bytes. */
export const ZPublicImageResponse = z.object({ id: z.number().int(), mimeType: z.string(), data: z.custom<Uint8Array<ArrayBufferLike>>((v) => v instanceof Uint8Array) });

/** GET /api/public/events/invite/{token}: the invitation a mailed link opens. */
export const ZPublicInviteRequest = z.object({ token: z.string().trim().min(20, 'Ugyldigt link').max(100, 'Ugyldigt link').regex(/^[A-Za-z0-9_-]+$/, 'Ugyldigt link') });
export const ZPublicInviteResponse = z.object({
  event: z.object({
    id: z.number().int(),
    title: z.string(),
    url: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    signUpStart: z.string(),
    signUpDeadline: z.string(),
    location: nullableString,
    description: nullableString,
    bannerPicture: nullableString,
  }),
  contact: z.object({ firstname: z.string(), lastname: nullableString }),
  company: nullableString,
  products: z.array(z.object({ productId: z.number().int(), product: z.string(), amount: z.number().int(), amountPerInvite: z.number().int() })),
});
export type TPublicInviteResponse = z.output<typeof ZPublicInviteResponse>;

/* ---------------------------------------------------------------- the storefront's events (SPEC §2 Events, public) */


export const ZPublicEventListRequest = z
  .object({ promoted: bool, limit: z.coerce.number().int().min(1).max(50).optional() })
  .partial()
  .nullish()
  .transform((v) => ({ promoted: v?.promoted ?? false, limit: v?.limit ?? 12 }));
export const ZPublicEventCard = z.object({
  id: z.number().int(),
  url: z.string(),
  title: z.string(),
  location: nullableString,
  startDate: z.string(),
  endDate: z.string(),
  description: nullableString,
  bannerPicture: nullableString,
  promote: z.boolean(),
});
export const ZPublicEventListResponse = z.array(ZPublicEventCard);
export const ZPublicEventRequest = z.object({ url: z.string().trim().min(1).max(200) });
export const ZPublicEventResponse = ZPublicEventCard.extend({
  signUpStart: z.string(),
  signUpPublic: nullableString,
  signUpDeadline: z.string(),
  bannerBottom: nullableString,
  hasTickets: z.boolean(),
  businessOnly: z.boolean(),
  terms: nullableString,
  /** SPEC §2: booking is shown only between signUpStart and signUpDeadline. */
  bookingOpen: z.boolean(),
  sponsors: z.array(z.object({ type: z.string(), companies: z.array(z.object({ id: z.number().int(), name: z.string(), logoWeb: nullableString })) })),
  parent: z.object({ url: z.string(), title: z.string() }).nullable(),
});
export type TPublicEventResponse = z.output<typeof ZPublicEventResponse>;
