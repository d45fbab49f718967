import { instantToZoned, NOTIFICATION_GROUPS, type TEventTypeUpdateRequest, type TEventUpdateRequest } from '@klubhus/domain';
import type { RouterOutputs } from '../../lib/trpc';
import { getClubTimeZone } from '../../ui/format';

export type EventRecord = RouterOutputs['events']['get'];
export type EventTypeRecord = RouterOutputs['eventTypes']['get'];
export type EventValues = TEventUpdateRequest;
export type TypeValues = TEventTypeUpdateRequest;
/** The part of an event's form that a type keeps as its template. */
type Template = Omit<TypeValues, 'id' | 'title'>;

/** An instant as a datetime-local value in the club's zone ('' for none). */
export const localTime = (iso: string | null | undefined) => (iso ? instantToZoned(iso, getClubTimeZone()) : '');
const str = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** A template (a type's, or an event's own template fields) as form values. */
export function templateValues(t: EventTypeRecord | EventRecord | undefined): Template {
  const n = (g: (typeof NOTIFICATION_GROUPS)[number], src?: { template: string | null; reminderInterval: number[] }) =>
    src ? { template: src.template ?? '', reminderInterval: src.reminderInterval } : { template: '', reminderInterval: g === 'reminder' ? [] : [] };
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
    emailNotifications: Object.fromEntries(NOTIFICATION_GROUPS.map((g) => [g, n(g, t?.emailNotifications?.[g])])),
    smsNotifications: Object.fromEntries(NOTIFICATION_GROUPS.map((g) => [g, n(g, t?.smsNotifications?.[g])])),
    extraInfo: (t?.extraInfo ?? []).map((x) => ({ ...x })),
    tickets: {
      controlType: t?.tickets.controlType ?? 'None',
      template: t?.tickets.template ?? '',
      products: (t?.tickets.products ?? []).map((p) => ({
        id: p.id,
        productId: p.productId,
        title: p.title,
        price: String(p.price).replace('.', ','),
        publicPrice: p.publicPrice === null ? '' : String(p.publicPrice).replace('.', ','),
        makePublicAt: localTime(p.makePublicAt),
        releaseReservedAt: localTime(p.releaseReservedAt),
        maxAmount: str(p.maxAmount),
        maxCompanyAmount: str(p.maxCompanyAmount),
        nameRequired: p.nameRequired,
        public: p.public,
        disableAdditionalTickets: p.disableAdditionalTickets,
        altStartDate: localTime(p.altStartDate),
        ticketDescription: p.ticketDescription ?? '',
        sorting: p.sorting,
      })),
    },
    seating: { chartId: t?.seating.chartId ?? null, chartKey: t?.seating.chartKey ?? '' },
    tablePlan: { cardFormat: t?.tablePlan.cardFormat ?? 'A4', cardOrientation: t?.tablePlan.cardOrientation ?? 'Portrait', productIds: t?.tablePlan.productIds ?? [] },
    invitees: {
      productIds: t?.invitees.productIds ?? [],
      orderProductIds: t?.invitees.orderProductIds ?? [],
      companyIds: t?.invitees.companyIds ?? [],
      contactIds: t?.invitees.contactIds ?? [],
      contactListIds: t?.invitees.contactListIds ?? [],
    },
  };
}

/** The event form's values: the loaded event, or a new one (sender defaults to the current user). */
export function eventValues(e: EventRecord | undefined, sender: { name: string; email: string }): EventValues {
  return {
    ...templateValues(e),
    id: e?.id ?? null,
    parentId: e?.parentId ?? null,
    typeId: e?.typeId ? String(e.typeId) : '',
    title: e?.title ?? '',
    url: e?.url ?? '',
    startDate: localTime(e?.startDate),
    endDate: localTime(e?.endDate),
    signUpStart: localTime(e?.signUpStart),
    signUpPublic: localTime(e?.signUpPublic),
    signUpDeadline: localTime(e?.signUpDeadline),
    activeDate: localTime(e?.activeDate),
    ownerId: e?.ownerId ? String(e.ownerId) : '',
    sender: { name: e?.sender.name ?? sender.name, email: e?.sender.email ?? sender.email },
    sponsors: (e?.sponsors ?? []).map((g) => ({ type: g.type, companies: g.companies.map((c) => c.id) })),
  };
}

export function typeValues(t: EventTypeRecord | undefined): TypeValues {
  return { ...templateValues(t), id: t?.id ?? null, title: t?.title ?? '' };
}
