import { draftExpired } from '@klubhus/domain';

export type BookingOptionChoice = { productId: number; variantId: number | null };
import { useCallback, useState } from 'react';
import { readStored, writeStored } from '../../../ui/storage';

/**
 * The booking draft (SPEC §3 Booking draft), kept in the browser until it expires: who buys, the
 * lines (with their seats and hold token), the customer's details, the discount code. A draft whose
 * seats' hold ran out is dropped (the seats are somebody else's by then).
 */
export interface BookingDraft {
  eventId: number;
  /** 'company:{id}', 'contact:{id}', 'none'. */
  user: string | null;
  products: {
    key: string;
    productId: number;
    amount: number;
    name?: string | null;
    seat?: string | null;
    holdToken?: string | null;
    extraInfo?: { title: string; value: string }[];
    /** The product's options ticked for every unit of the line. */
    options?: BookingOptionChoice[];
  }[];
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  createUser: boolean;
  password: string;
  discountCode: string;
  extraInfo: Record<string, string>;
  /** When the draft lapses (ms since epoch): the seats' hold, else half an hour after the last change. */
  expires: number | null;
}

const KEEP_MS = 30 * 60_000;
const key = (eventId: number) => `booking:${eventId}`;

export const emptyDraft = (eventId: number): BookingDraft => ({
  eventId,
  user: null,
  products: [],
  firstname: '',
  lastname: '',
  email: '',
  phone: '',
  createUser: false,
  password: '',
  discountCode: '',
  extraInfo: {},
  expires: null,
});

function load(eventId: number): BookingDraft {
  const d = readStored<BookingDraft | null>(key(eventId), null);
  if (!d || d.eventId !== eventId || draftExpired(d)) return emptyDraft(eventId);
  return { ...emptyDraft(eventId), ...d, password: '' };
}

/** The event's draft, and a setter that keeps it (never the password) with its new expiry. */
export function useBookingDraft(eventId: number) {
  const [draft, setDraft] = useState<BookingDraft>(() => load(eventId));
  const update = useCallback(
    (change: Partial<BookingDraft> | ((d: BookingDraft) => Partial<BookingDraft>), holdUntil?: number | null) => {
      setDraft((prev) => {
        const next = { ...prev, ...(typeof change === 'function' ? change(prev) : change) };
        const held = holdUntil ?? (next.products.some((l) => l.holdToken) ? prev.expires : null);
        next.expires = held ?? Date.now() + KEEP_MS;
        writeStored(key(eventId), { ...next, password: '' });
        return next;
      });
    },
    [eventId],
  );
  const clear = useCallback(() => {
    writeStored(key(eventId), null);
    setDraft(emptyDraft(eventId));
  }, [eventId]);
  return { draft, update, clear };
}
