import { SimpleGrid, Stack } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTRPC } from '../../lib/trpc';
import { FormField, SelectField, TextField } from '../../ui/form';
import { Section } from '../../ui/PageHeader';
import { MultiSelectPicker, type PickerOption } from '../contacts/MultiSelectPicker';
import { FieldInput } from './FieldInput';
import type { Order, OrderValues } from './values';

/**
 * Who buys (SPEC §3 Order: company, contact, and the buyer's own name, e-mail and phone for orders
 * without a contact): a company and a contact chosen by search (one each; picking another replaces
 * it). Picking a contact fills the buyer's empty fields from it.
 */
export function BuyerSection({ order }: { order?: Order }) {
  const trpc = useTRPC();
  const { control, setValue, getValues } = useFormContext<OrderValues>();
  const companyId = useWatch({ control, name: 'companyId' });
  const [company, setCompany] = useState<PickerOption[]>(order?.company ? [{ id: order.company.id, label: order.company.name }] : []);
  const [contact, setContact] = useState<PickerOption[]>(
    order?.contact ? [{ id: order.contact.id, label: `${order.contact.firstname} ${order.contact.lastname}`.trim(), sub: order.contact.email }] : [],
  );
  const [companySearch, setCompanySearch] = useState('');
  const [contactSearch, setContactSearch] = useState('');
  const companies = useQuery(trpc.companies.search.queryOptions({ search: companySearch || undefined }, { placeholderData: keepPreviousData }));
  const contacts = useQuery(
    trpc.contacts.search.queryOptions({ search: contactSearch || undefined, companyId: companyId ? Number(companyId) : null }, { placeholderData: keepPreviousData }),
  );

  const companyOptions = (companies.data ?? []).map((c) => ({ id: c.id, label: c.name, sub: [c.cvr, c.city].filter(Boolean).join(' · ') }));
  const contactOptions = (contacts.data ?? []).map((c) => ({ id: c.id, label: `${c.firstname} ${c.lastname}`.trim(), sub: c.email }));
  const chooseCompany = (sel: PickerOption[]) => {
    const one = sel.slice(-1);
    setCompany(one);
    setValue('companyId', one[0]?.id ?? null, { shouldDirty: true });
  };
  const chooseContact = (sel: PickerOption[]) => {
    const one = sel.slice(-1);
    setContact(one);
    setValue('contactId', one[0]?.id ?? null, { shouldDirty: true });
    const c = contacts.data?.find((x) => x.id === one[0]?.id);
    if (!c) return;
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
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {(
            [
              ['companyId', 'Virksomhed', 'Vælg virksomhed', company, chooseCompany, setCompanySearch, companies, '/companies'],
              ['contactId', 'Kontaktperson', 'Vælg kontaktperson', contact, chooseContact, setContactSearch, contacts, '/contacts'],
            ] as const
          ).map(([name, label, pick, selected, onChange, onSearch, q, base]) => (
            <FormField key={name} name={name} label={label}>
              <MultiSelectPicker
                label={pick}
                selected={selected}
                onChange={onChange}
                onSearch={onSearch}
                loading={q.isFetching}
                options={name === 'companyId' ? companyOptions : contactOptions}
                linkTo={(c) => `${base}/${c.id}`}
              />
            </FormField>
          ))}
        </SimpleGrid>
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

/** The order's category and the custom fields of that category (GET /fields?categoryId: customFields.forCategory). */
export function CategorySection() {
  const trpc = useTRPC();
  const { control } = useFormContext<OrderValues>();
  const categoryId = Number(useWatch({ control, name: 'categoryId' }) || 0);
  const categories = useQuery(trpc.orderCategories.options.queryOptions());
  const fields = useQuery({ ...trpc.customFields.forCategory.queryOptions({ categoryId }), enabled: categoryId > 0 });
  return (
    <Section title="Kategori">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <SelectField name="categoryId" label="Kategori" options={[{ value: '', label: 'Ingen kategori' }, ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.title }))]} />
        </SimpleGrid>
        {categoryId > 0 && (fields.data ?? []).length > 0 && (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" role="group" aria-label="Felter">
            {(fields.data ?? []).map((f) => (
              <FieldInput key={f.id} field={f} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Section>
  );
}
