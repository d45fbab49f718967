import { Button, Checkbox, HStack, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTRPC } from '../../../lib/trpc';
import { FormField } from '../../../ui/form';
import { Section } from '../../../ui/PageHeader';
import { useSaveMutation } from '../../../ui/save';
import { MultiSelectPicker, type PickerOption } from '../../contacts/MultiSelectPicker';
import { CheckboxGroupField } from './fields';
import { toInstant } from './values';

type Invitees = { productIds?: number[]; orderProductIds?: number[]; companyIds?: number[]; contactIds?: number[]; contactListIds?: number[] };

/** The products an invitation gives (SPEC §3 invitees): ticket products and products to order. A type shows only these. */
export function InviteProductsSection() {
  const trpc = useTRPC();
  const q = useQuery(trpc.products.search.queryOptions({ limit: 100 }));
  const all = q.data ?? [];
  return (
    <Section title="Produkter i invitationen">
      <Stack gap="4">
        <CheckboxGroupField name="invitees.productIds" label="Billetter" options={all.filter((p) => p.type !== 'product').map((p) => ({ value: p.id, label: p.title }))} />
        <CheckboxGroupField name="invitees.orderProductIds" label="Produkter" options={all.filter((p) => p.type === 'product').map((p) => ({ value: p.id, label: p.title }))} />
      </Stack>
    </Section>
  );
}

/** Who to invite (companies, contacts, contact lists, all active customers) and 'Opret invitationer'. */
export function CreateInvitesSection({ eventId }: { eventId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { getValues } = useFormContext();
  const [allActive, setAllActive] = useState(false);
  const [activeDate, setActiveDate] = useState('');
  const create = useSaveMutation({
    mutation: trpc.events.createInvites.mutationOptions(),
    success: (r) => r.message,
    onSuccess: () => queryClient.invalidateQueries(trpc.events.invites.pathFilter()),
  });
  return (
    <Section
      title="Opret invitationer"
      actions={
        <Button
          size="sm"
          colorPalette="brand"
          loading={create.isPending}
          onClick={() =>
            create.mutate({
              id: eventId,
              invitees: getValues('invitees') as Invitees,
              allActive,
              activeDate: allActive && activeDate ? (toInstant(`${activeDate}T00:00`) as string) : null,
            })
          }
        >
          <Send /> Opret invitationer
        </Button>
      }
    >
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <IdsPicker name="invitees.companyIds" label="Virksomheder" kind="companies" />
        <IdsPicker name="invitees.contactIds" label="Kontaktpersoner" kind="contacts" />
        <IdsPicker name="invitees.contactListIds" label="Kontaktlister" kind="lists" />
      </SimpleGrid>
      <HStack gap="4" mt="4" wrap="wrap">
        <Checkbox.Root checked={allActive} onCheckedChange={(d) => setAllActive(d.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Alle aktive kunder</Checkbox.Label>
        </Checkbox.Root>
        {allActive && (
          <Input type="date" size="sm" maxW="12rem" bg="bg" aria-label="Kunder oprettet senest" value={activeDate} onChange={(e) => setActiveDate(e.target.value)} />
        )}
      </HStack>
    </Section>
  );
}

/** An id list of the form chosen by name: companies, contacts or contact lists. */
function IdsPicker({ name, label, kind }: { name: string; label: string; kind: 'companies' | 'contacts' | 'lists' }) {
  const trpc = useTRPC();
  const { setValue } = useFormContext();
  const ids = ((useWatch({ name }) as number[] | undefined) ?? []).map(Number);
  const [search, setSearch] = useState('');
  const [names, setNames] = useState(() => new Map<number, string>());
  const companies = useQuery({ ...trpc.companies.search.queryOptions({ search: search || undefined }), enabled: kind === 'companies', placeholderData: keepPreviousData });
  const contacts = useQuery({ ...trpc.contacts.search.queryOptions({ search: search || undefined }), enabled: kind === 'contacts', placeholderData: keepPreviousData });
  const lists = useQuery({
    ...trpc.contacts.lists.list.queryOptions({ search: search || undefined, sort: { field: 'Title', dir: 'asc' }, page: 1, perPage: 50 }),
    enabled: kind === 'lists',
    placeholderData: keepPreviousData,
  });
  const options: PickerOption[] =
    kind === 'companies'
      ? (companies.data ?? []).map((c) => ({ id: c.id, label: c.name, sub: c.cvr }))
      : kind === 'contacts'
        ? (contacts.data ?? []).map((c) => ({ id: c.id, label: c.name, sub: c.email }))
        : (lists.data?.rows ?? []).map((l) => ({ id: l.id, label: l.title, sub: `${l.contactCount} kontakter` }));
  const label_ = (id: number) => names.get(id) ?? options.find((o) => o.id === id)?.label ?? `#${id}`;
  return (
    <FormField name={name} label={label}>
      <MultiSelectPicker
        label={`Tilføj ${label.toLowerCase()}`}
        selected={ids.map((id) => ({ id, label: label_(id) }))}
        options={options}
        loading={companies.isFetching || contacts.isFetching || lists.isFetching}
        onSearch={setSearch}
        onChange={(picked) => {
          setNames((m) => new Map([...m, ...picked.map((p) => [p.id, p.label] as const)]));
          setValue(
            name,
            picked.map((p) => p.id),
            { shouldDirty: true },
          );
        }}
      />
    </FormField>
  );
}
