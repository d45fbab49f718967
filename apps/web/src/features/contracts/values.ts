import { type ContractLine, kronerToOre, oreToKroner, type TContractLineInput, ZContractLineInput, type ZContractUpdateRequest } from '@klubhus/domain';
import type { z } from 'zod';
import type { RouterOutputs } from '../../lib/trpc';
import { amountText, customValues, invoicingValues, text, withFieldValues } from '../orders/values';
import { krInput } from '../products/shared';

export type Contract = RouterOutputs['contracts']['get'];
/** A line as the form keeps it (what was typed), with its stored id and markers. */
export type ContractLineDraft = TContractLineInput & { id?: number | null; productDeleted?: boolean };

/** The agreement form: the update request as typed, plus the category's custom fields under `custom` ('f{fieldId}'). */
export type ContractValues = z.input<typeof ZContractUpdateRequest> & { custom: Record<string, string | boolean | null> };


export const lineToDraft = (l: ContractLine & { id?: number | null; productDeleted?: boolean }): ContractLineDraft => ({
  ...l,
  id: l.id ?? null,
  price: krInput(oreToKroner(l.price)),
  discount: l.discount ? krInput(oreToKroner(l.discount)) : '',
  amount: amountText(Number(l.amount)),
  options: (l.options ?? []).map((o) => ({ ...o, price: krInput(oreToKroner(o.price)) })),
});

/** A typed line as øre (for the setup rules); null while it does not parse. */
export function draftToLine(d: ContractLineDraft): (ContractLine & { id?: number | null }) | null {
  const r = ZContractLineInput.safeParse(d);
  return r.success ? { ...r.data, id: d.id ?? null, hadProduct: !!d.productId } : null;
}

/**
 * Defaults of a new agreement (SPEC §9): status draft, agreementStatus unsent, the first season and
 * the first agreement category preselected (the season's dates filled).
 */
export function toValues(c?: Contract, defaults?: { categoryId: number | null; season: { id: number; startDate: string; endDate: string } | null }): ContractValues {
  const season = c ? null : (defaults?.season ?? null);
  return {
    id: c?.id ?? null,
    categoryId: c ? (c.categoryId ? String(c.categoryId) : '') : defaults?.categoryId ? String(defaults.categoryId) : '',
    description: text(c?.description),
    internal: text(c?.internal),
    seasonId: c ? (c.seasonId ? String(c.seasonId) : '') : season ? String(season.id) : '',
    startDate: c ? text(c.startDate) : (season?.startDate ?? ''),
    endDate: c ? text(c.endDate) : (season?.endDate ?? ''),
    noEndDate: c?.noEndDate ?? false,
    renewDate: text(c?.renewDate),
    agreementStatus: c?.agreementStatus ?? 'unsent',
    orderDiscount: krInput(c?.orderDiscount || null),
    additionalFee: krInput(c?.additionalFee || null),
    invoicing: invoicingValues(c?.invoicing),
    fieldValues: {},
    additional: text(c?.additional),
    contractDescription: text(c?.contractDescription),
    supplementalDescription: text(c?.supplementalDescription),
    companyId: c?.companyId ?? null,
    contactId: c?.contactId ?? null,
    ownerId: c?.ownerId ? String(c.ownerId) : '',
    contractLines: (c?.contractLines ?? []).map((l) =>
      lineToDraft({
        ...l,
        price: kronerToOre(l.price),
        discount: kronerToOre(l.discount),
        options: l.options.map((o) => ({ ...o, price: kronerToOre(o.price) })),
        extraInfo: l.extraInfo.map((e) => ({ ...e, value: e.value ?? null })),
      }),
    ),
    custom: customValues(c?.fieldValues),
  };
}

/** What Gem sends: the typed values with the custom fields as `fieldValues` (empty ones left out). */
export function toWire(values: ContractValues, id: number | null): z.input<typeof ZContractUpdateRequest> {
  return withFieldValues(values, id);
}
