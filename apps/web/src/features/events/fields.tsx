import { Checkbox, Wrap } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTRPC } from '../../lib/trpc';
import { FormField } from '../../ui/form';
import { MultiSelectPicker, type PickerOption } from '../contacts/MultiSelectPicker';

/** A multi-select of ids bound to a form field (number[]), fed by a search and by the chosen ids' names. */
function IdsField({
  name,
  label,
  options,
  loading,
  onSearch,
  known,
}: {
  name: string;
  label: string;
  options: PickerOption[];
  loading?: boolean;
  onSearch: (text: string) => void;
  known: PickerOption[];
}) {
  const { control, setValue } = useFormContext();
  const ids = (useWatch({ control, name }) as number[] | undefined) ?? [];
  const byId = new Map([...known, ...options].map((o) => [o.id, o]));
  const selected = ids.map((id) => byId.get(id) ?? { id, label: `#${id}` });
  return (
    <FormField name={name} label={label}>
      <MultiSelectPicker
        label={label}
        selected={selected}
        options={options}
        loading={loading}
        onSearch={onSearch}
        onChange={(next) => setValue(name, next.map((o) => o.id), { shouldDirty: true })}
      />
    </FormField>
  );
}

/** Companies by search (name, CVR), as ids with a change handler. */
export function CompaniesPicker({ label, ids, onChange }: { label: string; ids: number[]; onChange: (ids: number[]) => void }) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const found = useQuery(trpc.companies.search.queryOptions({ search }));
  const known = useQuery({ ...trpc.companies.search.queryOptions({ ids }), enabled: ids.length > 0 });
  const opt = (c: { id: number; name: string; city: string | null }) => ({ id: c.id, label: c.name, sub: c.city });
  const byId = new Map([...(known.data ?? []), ...(found.data ?? [])].map((c) => [c.id, opt(c)]));
  return (
    <MultiSelectPicker
      label={label}
      selected={ids.map((id) => byId.get(id) ?? { id, label: `#${id}` })}
      options={(found.data ?? []).map(opt)}
      loading={found.isFetching}
      onSearch={setSearch}
      onChange={(next) => onChange(next.map((o) => o.id))}
    />
  );
}

/** Companies bound to a form field of ids. */
export function CompaniesField({ name, label }: { name: string; label: string }) {
  const { setValue } = useFormContext();
  const ids = (useWatch({ name }) as number[] | undefined) ?? [];
  return (
    <FormField name={name} label={label}>
      <CompaniesPicker label={label} ids={ids} onChange={(next) => setValue(name, next, { shouldDirty: true })} />
    </FormField>
  );
}

/** Contacts by search (name, e-mail). */
export function ContactsField({ name, label }: { name: string; label: string }) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const ids = (useWatch({ name }) as number[] | undefined) ?? [];
  const found = useQuery(trpc.contacts.search.queryOptions({ search }));
  const known = useQuery({ ...trpc.contacts.search.queryOptions({ ids }), enabled: ids.length > 0 });
  const opt = (c: { id: number; firstname: string; lastname: string | null; email: string | null }) => ({
    id: c.id,
    label: [c.firstname, c.lastname].filter(Boolean).join(' '),
    sub: c.email,
  });
  return (
    <IdsField name={name} label={label} options={(found.data ?? []).map(opt)} loading={found.isFetching} onSearch={setSearch} known={(known.data ?? []).map(opt)} />
  );
}

/** The club's contact lists. */
export function ContactListsField({ name, label }: { name: string; label: string }) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const lists = useQuery(trpc.contacts.lists.list.queryOptions({ perPage: 100 }));
  const all = (lists.data?.rows ?? []).map((l) => ({
    id: l.id,
    label: l.title,
    sub: `${l.contactCount} kontakter`,
  }));
  const options = all.filter((o) => o.label.toLowerCase().includes(search.toLowerCase()));
  return <IdsField name={name} label={label} options={options} loading={lists.isFetching} onSearch={setSearch} known={all} />;
}

/** Products by search; `types` limits them (ticket products for tickets). */
export function ProductsField({ name, label, types }: { name: string; label: string; types?: ('product' | 'ticket' | 'seat-ticket')[] }) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const ids = (useWatch({ name }) as number[] | undefined) ?? [];
  const found = useQuery(trpc.products.search.queryOptions({ search, limit: 50 }));
  const known = useQuery({ ...trpc.products.search.queryOptions({ ids }), enabled: ids.length > 0 });
  const opt = (p: { id: number; title: string; type: string }) => ({ id: p.id, label: p.title, sub: p.type === 'product' ? null : p.type === 'ticket' ? 'Billet' : 'Pladsbillet' });
  const options = (found.data ?? []).filter((p) => !types || types.includes(p.type)).map(opt);
  return <IdsField name={name} label={label} options={options} loading={found.isFetching} onSearch={setSearch} known={(known.data ?? []).map(opt)} />;
}

/** A set of numbers chosen with checkboxes (reminder intervals). */
export function NumberChecks({ name, label, choices, suffix }: { name: string; label: string; choices: readonly number[]; suffix: (n: number) => string }) {
  const { control } = useFormContext();
  return (
    <FormField name={name} label={label}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => {
          const value = (field.value as number[] | undefined) ?? [];
          return (
            <Wrap gap="4">
              {choices.map((n) => (
                <Checkbox.Root
                  key={n}
                  checked={value.includes(n)}
                  onCheckedChange={(d) => field.onChange(d.checked ? [...value, n].sort((a, b) => a - b) : value.filter((x) => x !== n))}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{suffix(n)}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Wrap>
          );
        }}
      />
    </FormField>
  );
}

