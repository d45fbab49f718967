import { SimpleGrid, Stack } from '@chakra-ui/react';
import { CONTROL_TYPE_LABELS, CONTROL_TYPES, ZTicketProduct } from '@klubhus/domain';
import { useQuery } from '@tanstack/react-query';
import { useFormContext } from 'react-hook-form';
import { useTRPC } from '../../../lib/trpc';
import { AsyncSelectField, CheckboxField, DateField, NumberField, SelectField, TextareaField, TextField } from '../../../ui/form';
import { ModalRowsSection, rowTexts, useFormRows } from '../../../ui/ModalRowsSection';
import { Section } from '../../../ui/PageHeader';
import { YesNo } from '../../../ui/TableParts';
import { UploadField } from './uploads';
import type { Event, TicketDraft } from './values';

const NEW_TICKET = (): TicketDraft => ({
  id: null,
  productId: '',
  title: '',
  price: '',
  publicPrice: '',
  makePublicAt: '',
  releaseReservedAt: '',
  maxAmount: '',
  maxCompanyAmount: '',
  nameRequired: false,
  public: true,
  disableAdditionalTickets: false,
  altStartDate: '',
  ticketDescription: '',
  sorting: 0,
});

/** The club's ticket products (type ticket or seat-ticket) for the product selects. */
export function useTicketProducts() {
  const trpc = useTRPC();
  const q = useQuery(trpc.products.search.queryOptions({ limit: 100 }));
  return (q.data ?? []).filter((p) => p.type !== 'product');
}

/** Billetter (SPEC §3 Tickets): control type, template, logo and picture (events: `uploads`), and the ticket products edited in a dialog. */
export function TicketsTab({ event, uploads }: { event?: Event; uploads: boolean }) {
  const trpc = useTRPC();
  const settings = useQuery(trpc.events.settings.queryOptions());
  return (
    <Stack gap="0">
      <Section title="Billetter">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <SelectField name="tickets.controlType" label="Kontroltype" options={CONTROL_TYPES.map((c) => ({ value: c, label: CONTROL_TYPE_LABELS[c] }))} />
          <AsyncSelectField
            name="tickets.template"
            label="Billetskabelon"
            options={[{ value: '', label: 'Standard' }, ...(settings.data?.ticketTemplates ?? []).map((t) => ({ value: t, label: t }))]}
          />
          {uploads && (
            <>
              <UploadField upload="ticketLogoFile" refName="tickets.ticketLogo" label="Billetlogo" currentUrl={event?.tickets.ticketLogo?.url} />
              <UploadField upload="ticketPictureFile" refName="tickets.ticketPicture" label="Billetbillede" currentUrl={event?.tickets.ticketPicture?.url} />
            </>
          )}
        </SimpleGrid>
      </Section>
      <TicketProductsSection />
    </Stack>
  );
}

function TicketProductsSection() {
  const rows = useFormRows<TicketDraft>('tickets.products', { sortKey: 'sorting' });
  const products = useTicketProducts();
  const options = products.map((p) => ({ value: String(p.id), label: p.title }));
  return (
    <ModalRowsSection<TicketDraft>
      {...rows}
      title="Billettyper"
      {...rowTexts<TicketDraft>('billet', 'denne', (t) => t.title)}
      columns={[
        { header: 'Titel', cell: (t) => t.title, cellProps: { fontWeight: 'medium' } },
        { header: 'Produkt', cell: (t) => t.product || products.find((p) => p.id === Number(t.productId))?.title || '' },
        { header: 'Pris', cell: (t) => (t.price === '' || t.price == null ? '' : `${String(t.price)} kr.`), cellProps: { whiteSpace: 'nowrap' } },
        { header: 'Maks. antal', cell: (t) => String(t.maxAmount ?? '') },
        { header: 'Offentlig', cell: (t) => <YesNo value={t.public === true} /> },
      ]}
      modal={{
        testId: 'ticket-modal',
        schema: ZTicketProduct,
        newRow: NEW_TICKET,
        toRow: (t) => ({ ...t, product: products.find((p) => p.id === Number(t.productId))?.title ?? t.product }),
        fields: <TicketFields options={options} />,
      }}
    />
  );
}

function TicketFields({ options }: { options: { value: string; label: string }[] }) {
  const { setValue, getValues } = useFormContext();
  return (
    <Stack gap="4">
      <SelectField name="productId" label="Produkt" required placeholder="Vælg produkt" options={options} />
      <TextField
        name="title"
        label="Titel"
        required
        inputProps={{
          onFocus: () => {
            if (!getValues('title')) setValue('title', options.find((o) => o.value === String(getValues('productId')))?.label ?? '');
          },
        }}
      />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <NumberField name="price" label="Pris (kr.)" required />
        <NumberField name="publicPrice" label="Offentlig pris (kr.)" />
        <NumberField name="maxAmount" label="Maks. antal" decimals={false} />
        <NumberField name="maxCompanyAmount" label="Maks. antal pr. virksomhed" decimals={false} />
        <DateField type="datetime-local" name="makePublicAt" label="Offentlig fra" />
        <DateField type="datetime-local" name="releaseReservedAt" label="Frigiv reserverede" />
        <DateField type="datetime-local" name="altStartDate" label="Alternativ startdato" />
      </SimpleGrid>
      <CheckboxField name="nameRequired" label="Navn påkrævet" />
      <CheckboxField name="public" label="Offentlig" />
      <CheckboxField name="disableAdditionalTickets" label="Ingen ekstra billetter" />
      <TextareaField name="ticketDescription" label="Billetbeskrivelse" />
    </Stack>
  );
}
