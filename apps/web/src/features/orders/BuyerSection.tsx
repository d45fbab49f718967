import { SimpleGrid, Stack } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { FormField, SelectField, TextField } from '../../ui/form';
import { Section } from '../../ui/PageHeader';
import { MultiSelectPicker, type PickerOption } from '../contacts/MultiSelectPicker';
import { useCompanyOptions } from '../contacts/searchOptions';
import { CategoryFields } from './FieldInput';
import type { Order, OrderValues } from './values';

/**
 * Who buys (SPEC §3 Order: company, contact, and the buyer's own name, e-mail and phone for orders
 * without a contact): a company and a contact chosen by search (one each; picking another replaces
 * it). Picking a contact fills the buyer's empty fields from it.
 */
export function BuyerSection({ order }: { order?: Order }) {
  const { setValue, getValues } = useFormContext<OrderValues>();
  const fillBuyer = (c: PartyContact) => {
    for (const [key, value] of [
      ['firstname', c.firstname],
      ['lastname', c.lastname],
      ['email', c.email],
      ['phone', c.phone ?? c.mobile ?? ''],
    ] as const) {
      if (!getValues(key) && value) setValue(key, value, { shouldDirty: true });
    }
  };

  return (
    <Section title="Køber">
      <Stack gap="4">
        <PartyPickers record={order} onContact={fillBuyer} />
        <SimpleGrid columns={{ base: 1, md: 4 }} gap="4">
          <TextField name="firstname" label="Fornavn" autoComplete="off" />
          <TextField name="lastname" label="Efternavn" autoComplete="off" />
          <TextField name="email" label="E-mail" type="email" autoComplete="off" />
          <TextField name="phone" label="Telefon" type="tel" autoComplete="off" />
        </SimpleGrid>
      </Stack>
    </Section>
  );
}

type PartyContact = RouterOutputs['contacts']['search'][number];
type PartyRecord = { company?: { id: number; name: string } | null; contact?: { id: number; firstname: string; lastname: string; email: string | null } | null };

/**
 * The company and the contact of an order or agreement, each chosen by search (one each; picking
 * another replaces it); the contacts offered are the chosen company's. `required` marks both and
 * validates on change; `onContact` gets the contact picked.
 */
export function PartyPickers({ record, required, disabled, onContact }: { record?: PartyRecord; required?: boolean; disabled?: boolean; onContact?: (c: PartyContact) => void }) {
  const trpc = useTRPC();
  const { control, setValue } = useFormContext<{ companyId: number | null; contactId: number | null }>();
  const companyId = useWatch({ control, name: 'companyId' });
  const [company, setCompany] = useState<PickerOption[]>(record?.company ? [{ id: record.company.id, label: record.company.name }] : []);
  const [contact, setContact] = useState<PickerOption[]>(
    record?.contact ? [{ id: record.contact.id, label: `${record.contact.firstname} ${record.contact.lastname}`.trim(), sub: record.contact.email }] : [],
  );
  const companies = useCompanyOptions();
  const [contactSearch, setContactSearch] = useState('');
  const contacts = useQuery(
    trpc.contacts.search.queryOptions({ search: contactSearch || undefined, companyId: companyId ? Number(companyId) : null }, { placeholderData: keepPreviousData }),
  );

  const contactOptions = (contacts.data ?? []).map((c) => ({ id: c.id, label: `${c.firstname} ${c.lastname}`.trim(), sub: c.email }));
  const choose = (name: 'companyId' | 'contactId', set: (o: PickerOption[]) => void) => (sel: PickerOption[]) => {
    const one = sel.slice(-1);
    set(one);
    setValue(name, one[0]?.id ?? null, { shouldDirty: true, shouldValidate: required });
    return one[0]?.id;
  };
  const chooseCompany = choose('companyId', setCompany);
  const chooseContact = (sel: PickerOption[]) => {
    const id = choose('contactId', setContact)(sel);
    const c = contacts.data?.find((x) => x.id === id);
    if (c) onContact?.(c);
  };

  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      {(
        [
          ['companyId', 'Virksomhed', 'Vælg virksomhed', company, chooseCompany, companies, '/companies'],
          ['contactId', 'Kontaktperson', 'Vælg kontaktperson', contact, chooseContact, { options: contactOptions, loading: contacts.isFetching, onSearch: setContactSearch }, '/contacts'],
        ] as const
      ).map(([name, label, pick, selected, onChange, search, base]) => (
        <FormField key={name} name={name} label={label} required={required} disabled={disabled}>
          <MultiSelectPicker label={pick} selected={selected} onChange={onChange} linkTo={(c) => `${base}/${c.id}`} {...search} />
        </FormField>
      ))}
    </SimpleGrid>
  );
}

/** The order's category and the custom fields of that category (GET /fields?categoryId: customFields.forCategory). */
export function CategorySection() {
  const trpc = useTRPC();
  const { control } = useFormContext<OrderValues>();
  const categoryId = Number(useWatch({ control, name: 'categoryId' }) || 0);
  const categories = useQuery(trpc.orderCategories.options.queryOptions());
  return (
    <Section title="Kategori">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <SelectField name="categoryId" label="Kategori" options={[{ value: '', label: 'Ingen kategori' }, ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.title }))]} />
        </SimpleGrid>
        <CategoryFields categoryId={categoryId} />
      </Stack>
    </Section>
  );
}
