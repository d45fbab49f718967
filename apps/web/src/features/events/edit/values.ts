import { instantToZoned, type ZEventTypeUpdateRequest, type ZEventUpdateRequest, type ZTicketProduct, zonedToInstant } from '@klubhus/domain';
import type { z } from 'zod';
import { fullName } from '../../../lib/appState';
import type { RouterOutputs } from '../../../lib/trpc';
import { getClubTimeZone } from '../../../ui/timeZone';

export type EventValues = z.input<typeof ZEventUpdateRequest>;
export type TypeValues = z.input<typeof ZEventTypeUpdateRequest>;
export type Event = RouterOutputs['events']['get'];
export type EventType = RouterOutputs['eventTypes']['get'];
/** A ticket product row in the form, with the product's name shown in the table (the schema strips it). */
export type TicketDraft = z.input<typeof ZTicketProduct> & { product?: string };
type TemplateValues = Omit<TypeValues, 'id' | 'title'>;
type Notifications = Event['emailNotifications'];
type FileRef = { id: number } | null;

/** A stored instant as the datetime-local value in the club's time zone ('' for none). */
export const toLocal = (iso: string | null | undefined) => (iso ? instantToZoned(iso, getClubTimeZone()) : '');
/** A datetime-local value read in the club's time zone → ISO with 'Z' (the server keeps it); '' stays ''. */
export function toInstant(local: unknown): unknown {
  if (typeof local !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local)) return local;
  const d = zonedToInstant(local, getClubTimeZone());
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
}

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const kr = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v).replace('.', ','));
const fileId = (f: FileRef | undefined) => f?.id ?? null;

function notifications(n: Partial<Notifications> | undefined) {
  const out: Record<string, { template: string; reminderInterval: number[] }> = {};
  for (const g of ['invitation', 'reminder', 'update', 'cancelled', 'receipt'] as const) {
    out[g] = { template: n?.[g]?.template ?? '', reminderInterval: n?.[g]?.reminderInterval ?? [] };
  }
  return out as TemplateValues['emailNotifications'];
}

export function ticketDraft(p: EventType['tickets']['products'][number], keepId: boolean): TicketDraft {
  return {
    id: keepId ? p.id : null,
    productId: p.productId,
    product: p.product?.title ?? '',
    title: p.title,
    price: kr(p.price),
    publicPrice: kr(p.publicPrice),
    makePublicAt: toLocal(p.makePublicAt),
    releaseReservedAt: toLocal(p.releaseReservedAt),
    maxAmount: str(p.maxAmount),
    maxCompanyAmount: str(p.maxCompanyAmount),
    nameRequired: p.nameRequired,
    public: p.public,
    disableAdditionalTickets: p.disableAdditionalTickets,
    altStartDate: toLocal(p.altStartDate),
    ticketDescription: p.ticketDescription ?? '',
    sorting: p.sorting,
  };
}

/**
 * The template part of an event or a type as form values. `fromType`: an event being created from a
 * type (SPEC §4): ticket rows lose their ids and stored files stay with the type.
 */
export function templateValues(t: EventType | Event | undefined, fromType = false): TemplateValues {
  return {
    location: t?.location ?? '',
    description: t?.description ?? '',
    privateDescription: t?.privateDescription ?? '',
    ticketDescription: t?.ticketDescription ?? '',
    terms: t?.terms ?? '',
    maxSignups: str(t?.maxSignups),
    maxCompanySignups: str(t?.maxCompanySignups),
    private: t?.private ?? false,
    businessOnly: t?.businessOnly ?? false,
    promote: t?.promote ?? false,
    showParticipants: t?.showParticipants ?? false,
    hasTickets: t?.hasTickets ?? false,
    hasSeating: t?.hasSeating ?? false,
    hasSponsors: t?.hasSponsors ?? false,
    hasTables: t?.hasTables ?? false,
    emailNotifications: notifications(t?.emailNotifications),
    smsNotifications: notifications(t?.smsNotifications),
    extraInfo: (t?.extraInfo ?? []).map((x) => ({ ...x, values: [...x.values] })),
    tickets: {
      controlType: t?.tickets.controlType ?? 'None',
      template: t?.tickets.template ?? '',
      ticketLogo: fromType ? null : fileId(t?.tickets.ticketLogo),
      ticketPicture: fromType ? null : fileId(t?.tickets.ticketPicture),
      products: (t?.tickets.products ?? []).map((p) => ticketDraft(p, !fromType)),
    },
    seating: { chartId: t?.seating.chartId ? String(t.seating.chartId) : '', chartKey: t?.seating.chartKey ?? '' },
    tablePlan: {
      cardPicture: fromType ? null : fileId(t?.tablePlan.cardPicture),
      cardFormat: t?.tablePlan.cardFormat ?? 'A4',
      cardOrientation: t?.tablePlan.cardOrientation ?? 'Portrait',
      productIds: t?.tablePlan.productIds ?? [],
    },
    invitees: {
      productIds: t?.invitees.productIds ?? [],
      orderProductIds: t?.invitees.orderProductIds ?? [],
      companyIds: t?.invitees.companyIds ?? [],
      contactIds: t?.invitees.contactIds ?? [],
      contactListIds: t?.invitees.contactListIds ?? [],
    },
  };
}

export const typeValues = (t: EventType | undefined): TypeValues => ({ id: t?.id ?? null, title: t?.title ?? '', ...templateValues(t) });

/** An event's form values; a new one's sender is the current user (SPEC §5). */
export function eventValues(e: Event | undefined, user: { firstname: string; lastname: string; email: string } | null): EventValues {
  return {
    id: e?.id ?? null,
    parentId: e?.parentId ?? null,
    typeId: e?.typeId ? String(e.typeId) : '',
    title: e?.title ?? '',
    url: e?.url ?? '',
    startDate: toLocal(e?.startDate),
    endDate: toLocal(e?.endDate),
    signUpStart: toLocal(e?.signUpStart),
    signUpPublic: toLocal(e?.signUpPublic),
    signUpDeadline: toLocal(e?.signUpDeadline),
    activeDate: toLocal(e?.activeDate),
    ownerId: e?.ownerId ? String(e.ownerId) : '',
    sender: e ? { name: e.sender.name ?? '', email: e.sender.email ?? '' } : { name: fullName(user), email: user?.email ?? '' },
    sponsors: (e?.sponsors ?? []).map((s) => ({ type: s.type, companies: s.companies.map((c) => c.id) })),
    bannerPicture: fileId(e?.bannerPicture),
    bannerBottom: fileId(e?.bannerBottom),
    inviteAttachment: fileId(e?.inviteAttachment),
    chartPicture: fileId(e?.seating.chartPicture),
    ...templateValues(e),
  };
}

const DATE_FIELDS = ['startDate', 'endDate', 'signUpStart', 'signUpPublic', 'signUpDeadline', 'activeDate'] as const;
const TICKET_DATES = ['makePublicAt', 'releaseReservedAt', 'altStartDate'] as const;

/** The form's values for the wire: times typed in the club's time zone become instants; table names dropped. */
export function toWire<V extends TemplateValues>(values: V): V {
  const out: Record<string, unknown> = { ...values };
  for (const k of DATE_FIELDS) if (k in out) out[k] = toInstant(out[k]);
  const tickets = values.tickets ?? undefined;
  if (tickets) {
    out.tickets = {
      ...tickets,
      products: (tickets.products ?? []).map(({ product: _p, ...p }: TicketDraft) => {
        const row: Record<string, unknown> = { ...p };
        for (const k of TICKET_DATES) row[k] = toInstant(row[k]);
        return row;
      }),
    };
  }
  return out as V;
}
