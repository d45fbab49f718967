import {
  type OrderMoney,
  type OrderTotals,
  optionalDecimal,
  optionalKroner,
  orderTotals,
  type TOrderLineInput,
  type VatSettings,
  ZOrderLineInput,
  type ZOrderUpdateRequest,
} from '@klubhus/domain';
import type { z } from 'zod';
import type { RouterOutputs } from '../../lib/trpc';
import { krInput } from '../products/shared';

export type Order = RouterOutputs['orders']['get'];
/** A line as the form keeps it (what was typed), with its stored id when it has one. */
export type LineDraft = TOrderLineInput & { id?: number | null };
export type OptionDraft = NonNullable<LineDraft['options']>[number];

/**
 * The order form: the update request as typed, plus the category's custom fields under `custom`
 * keyed 'f{fieldId}' (numeric keys would be array indexes to react-hook-form); toWire turns them
 * into `fieldValues`.
 */
export type OrderValues = z.input<typeof ZOrderUpdateRequest> & { custom: Record<string, string | boolean | null> };

export const text = (v: string | null | undefined) => v ?? '';
export const amountText = (n: number) => String(n).replace('.', ',');

/** The invoicing block of an order or agreement as the form types it. */
export function invoicingValues(inv: Order['invoicing'] | undefined): OrderValues['invoicing'] {
  return {
    type: inv?.type ?? '',
    invoiceDate: text(inv?.invoiceDate),
    prePaymentDate: text(inv?.prePaymentDate),
    amount: krInput(inv?.amount),
    intervals: inv?.intervals ? String(inv.intervals) : '',
    startDate: text(inv?.startDate),
    intervalFee: krInput(inv?.intervalFee),
    customPeriods: (inv?.customPeriods ?? []).map((p) => ({ date: text(p.date), amount: krInput(p.amount) })),
    rateFee: inv?.rateFee === null || inv?.rateFee === undefined ? '' : amountText(inv.rateFee),
    splitPayments: inv?.splitPayments ?? false,
  };
}

/** The category's custom field values keyed 'f{fieldId}' for the form. */
export function customValues(fieldValues: Order['fieldValues'] | undefined): OrderValues['custom'] {
  return Object.fromEntries(Object.entries(fieldValues ?? {}).map(([k, v]) => [`f${k}`, v === null || v === undefined ? null : typeof v === 'boolean' ? v : String(v)]));
}

/** What Gem sends: the typed values with the custom fields as `fieldValues` (empty ones left out). */
export function withFieldValues<V extends { custom: OrderValues['custom'] }>(values: V, id: number | null): Omit<V, 'custom'> & { id: number | null; fieldValues: Record<string, string | boolean> } {
  const { custom, ...rest } = values;
  const fieldValues = Object.fromEntries(
    Object.entries(custom ?? {})
      .filter(([, v]) => v !== '' && v !== null && v !== undefined)
      .map(([k, v]) => [k.slice(1), v as string | boolean]),
  );
  return { ...rest, id, fieldValues };
}

export function toValues(o?: Order): OrderValues {
  return {
    id: o?.id ?? null,
    firstname: text(o?.firstname),
    lastname: text(o?.lastname),
    email: text(o?.email),
    phone: text(o?.phone),
    description: text(o?.description),
    internal: text(o?.internal),
    additional: text(o?.additional),
    extraInfo: o?.extraInfo ?? [],
    companyId: o?.companyId ?? null,
    contactId: o?.contactId ?? null,
    categoryId: o?.categoryId ? String(o.categoryId) : '',
    orderDiscount: krInput(o?.orderDiscount || null),
    additionalFee: krInput(o?.additionalFee || null),
    invoicing: invoicingValues(o?.invoicing),
    fieldValues: {},
    orderLines: (o?.orderLines ?? []).map((l) => ({
      ...l,
      price: krInput(l.price),
      discount: l.discount ? krInput(l.discount) : '',
      amount: amountText(l.amount),
      options: l.options.map((op) => ({ ...op, price: krInput(op.price) })),
    })),
    custom: customValues(o?.fieldValues),
  };
}

export function toWire(values: OrderValues, id: number | null): z.input<typeof ZOrderUpdateRequest> {
  return withFieldValues(values, id);
}

/**
 * The totals of what is typed, with the same orderTotals the server stores: each line as the line
 * modal's schema reads it (a line that does not parse yet counts as nothing), the discount, the fee
 * and the rate fee.
 */
export function liveTotals(values: Pick<OrderValues, 'orderLines' | 'orderDiscount' | 'additionalFee' | 'invoicing'>, vat: VatSettings): OrderTotals {
  const lines: OrderMoney['lines'] = [];
  for (const l of values.orderLines ?? []) {
    const r = ZOrderLineInput.safeParse(l);
    if (r.success) lines.push({ price: r.data.price, amount: r.data.amount, discount: r.data.discount, vatExempt: r.data.vatExempt, options: r.data.options });
  }
  const ore = (v: unknown) => {
    const r = optionalKroner('x').safeParse(v);
    return r.success ? (r.data ?? 0) : 0;
  };
  const type = values.invoicing?.type || null;
  const fee = optionalDecimal('x', { min: 0, max: 100 }).safeParse(values.invoicing?.rateFee);
  return orderTotals(
    {
      lines,
      orderDiscount: ore(values.orderDiscount),
      additionalFee: ore(values.additionalFee),
      invoicing: type ? { type: type as 'single' | 'recurring' | 'rates', rateFee: fee.success ? fee.data : null } : null,
    },
    vat,
  );
}
