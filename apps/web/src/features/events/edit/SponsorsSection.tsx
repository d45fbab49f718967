import { Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTRPC } from '../../../lib/trpc';
import { FormField } from '../../../ui/form';
import { Section } from '../../../ui/PageHeader';
import { MultiSelectPicker, type PickerOption } from '../../contacts/MultiSelectPicker';
import type { Event } from './values';

type Group = { type: string; companies: (number | string)[] };

/** Partners (SPEC §3 Sponsor group): per club sponsor type (settings.events.sponsorTypes), the sponsoring companies. */
export function SponsorsSection({ event }: { event?: Event }) {
  const trpc = useTRPC();
  const hasSponsors = useWatch({ name: 'hasSponsors' }) as boolean;
  const settings = useQuery(trpc.events.settings.queryOptions());
  const [names, setNames] = useState(() => new Map((event?.sponsors ?? []).flatMap((s) => s.companies.map((c) => [c.id, c.name] as const))));
  const { setValue } = useFormContext();
  const groups = ((useWatch({ name: 'sponsors' }) as Group[] | undefined) ?? []).filter(Boolean);
  if (!hasSponsors) return null;
  const types = settings.data?.sponsorTypes ?? [];
  const setGroup = (type: string, picked: PickerOption[]) => {
    setNames((m) => new Map([...m, ...picked.map((p) => [p.id, p.label] as const)]));
    const rest = groups.filter((g) => g.type !== type);
    const next = picked.length ? [...rest, { type, companies: picked.map((p) => p.id) }] : rest;
    setValue('sponsors', next, { shouldDirty: true });
  };
  return (
    <Section title="Sponsorer">
      {types.length === 0 ? (
        <Text color="fg.muted">Klubben har ingen sponsortyper.</Text>
      ) : (
        <Stack gap="4">
          {types.map((type) => {
            const ids = groups.find((g) => g.type === type)?.companies.map(Number) ?? [];
            return (
              <FormField key={type} name={`sponsor-${type}`} label={type}>
                <CompanyPicker type={type} selected={ids.map((id) => ({ id, label: names.get(id) ?? `#${id}` }))} onChange={(s) => setGroup(type, s)} />
              </FormField>
            );
          })}
        </Stack>
      )}
    </Section>
  );
}

/** Companies by name or CVR (companies.search), chosen as tags. */
export function CompanyPicker({ type, selected, onChange }: { type: string; selected: PickerOption[]; onChange: (s: PickerOption[]) => void }) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const q = useQuery(trpc.companies.search.queryOptions({ search: search || undefined }, { placeholderData: keepPreviousData }));
  return (
    <MultiSelectPicker
      label={`Tilføj ${type.toLowerCase()}`}
      selected={selected}
      onChange={onChange}
      options={(q.data ?? []).map((c) => ({ id: c.id, label: c.name, sub: [c.cvr, c.city].filter(Boolean).join(' · ') }))}
      loading={q.isFetching}
      onSearch={setSearch}
      linkTo={(c) => `/companies/${c.id}`}
    />
  );
}
