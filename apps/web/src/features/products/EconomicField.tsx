import type { EconomicLookup } from '@klubhus/domain';
import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTRPC } from '../../lib/trpc';
import { AsyncSelectField, TextField } from '../../ui/form';

/**
 * A number from one of e-conomic's look-up lists (varegrupper, produkter, enheder, …): a choice from
 * the club's own list when e-conomic answers; typed by hand when e-conomic is not set up for the
 * club or does not answer (the helper text says which). A stored number the list no longer has
 * stays selectable, so saving never drops it.
 */
export function EconomicField({ name, label, list, helperText }: { name: string; label: string; list: EconomicLookup; helperText?: string }) {
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.economic[list].queryOptions({}), retry: false, staleTime: 60_000 });
  const { control } = useFormContext();
  const current = String(useWatch({ control, name }) ?? '');
  if (!q.data?.enabled) {
    const why = q.isError ? 'E-conomic svarede ikke: skriv nummeret.' : q.isPending ? undefined : 'E-conomic er ikke forbundet: skriv nummeret.';
    return <TextField name={name} label={label} helperText={[helperText, why].filter(Boolean).join(' ') || undefined} />;
  }
  const items = q.data.items;
  const options = [{ value: '', label: 'Ingen' }, ...(current && !items.some((i) => i.value === current) ? [{ value: current, label: `${current} (findes ikke i e-conomic)` }] : []), ...items];
  return <AsyncSelectField name={name} label={label} options={options} helperText={helperText} />;
}
