import { Box, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  CONTROL_TYPE_LABELS,
  CONTROL_TYPES,
  EXTRA_INFO_TYPES,
  formatDKK,
  kronerToOre,
  NOTIFICATION_GROUPS,
  NOTIFICATION_LABELS,
  REMINDER_INTERVALS,
  STANDARD_TEMPLATE,
  TABLE_CARD_FORMATS,
  TABLE_CARD_ORIENTATIONS,
  ZEventExtraInfo,
  ZTicketProduct,
} from '@klubhus/domain';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useTRPC } from '../../lib/trpc';
import { CheckboxField, DateField, NumberField, SelectField, StringListField, TextareaField, TextField } from '../../ui/form';
import { ModalRowsSection, useFormRows } from '../../ui/ModalRowsSection';
import { Section } from '../../ui/PageHeader';
import { YesNo } from '../../ui/TableParts';
import { NumberChecks, ProductsField } from './fields';

/** The club's sponsor types and template names (settings.events). */
export function useEventSettings() {
  const trpc = useTRPC();
  return useQuery(trpc.events.settings.queryOptions()).data ?? { sponsorTypes: [], emailTemplates: [], smsTemplates: [], ticketTemplates: [] };
}

const kr = (v: unknown) => {
  if (v === '' || v === null || v === undefined) return '';
  try {
    return formatDKK(kronerToOre(v as string));
  } catch {
    return String(v);
  }
};

/** The texts and switches an event and its type share (SPEC §3 Event form). */
export function GeneralSection({ withTexts = true }: { withTexts?: boolean }) {
  const hasTickets = useWatch({ name: 'hasTickets' }) as boolean;
  return (
    <>
      {withTexts && (
        <Section title="Beskrivelse">
          <Stack gap="4">
            <TextField name="location" label="Sted" />
            <TextareaField name="description" label="Beskrivelse" rows={6} />
            <TextareaField name="privateDescription" label="Intern beskrivelse" />
            <TextareaField name="terms" label="Betingelser" />
          </Stack>
        </Section>
      )}
      <Section title="Indstillinger">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <CheckboxField name="hasTickets" label="Billetter" helperText="Arrangementet sælger billetter." />
          <CheckboxField name="hasSeating" label="Pladser" helperText="Billetterne har pladser på en salsplan." />
          <CheckboxField name="hasSponsors" label="Sponsorer" helperText="Sponsorer vises på arrangementets side." />
          <CheckboxField name="hasTables" label="Bordplan" helperText="Gæsterne placeres ved borde." />
          <CheckboxField name="private" label="Privat" helperText="Kun for inviterede." />
          <CheckboxField name="businessOnly" label="Kun virksomheder" helperText="Der kan kun købes som virksomhed." />
          <CheckboxField name="promote" label="Fremhæv" helperText="Vises som udvalgt på forsiden." />
          <CheckboxField name="showParticipants" label="Vis deltagere" />
        </SimpleGrid>
        {!hasTickets && (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="4">
            <NumberField name="maxSignups" label="Maks. tilmeldinger" decimals={false} helperText="Tom: ubegrænset." />
            <NumberField name="maxCompanySignups" label="Maks. tilmeldinger pr. virksomhed" decimals={false} />
          </SimpleGrid>
        )}
      </Section>
    </>
  );
}

/** E-mail notifications: a template per group (Ingen, Standard or the club's) and the reminder's days before. */
export function NotificationsSection() {
  const settings = useEventSettings();
  const options = [{ value: '', label: 'Ingen' }, { value: STANDARD_TEMPLATE, label: 'Standard' }, ...settings.emailTemplates.map((t) => ({ value: t, label: t }))];
  return (
    <Section title="Notifikationer">
      <Stack gap="4">
        {NOTIFICATION_GROUPS.map((g) => (
          <Box key={g}>
            <SelectField name={`emailNotifications.${g}.template`} label={NOTIFICATION_LABELS[g]} options={options} />
            {g === 'reminder' && (
              <Box mt="3">
                <NumberChecks name="emailNotifications.reminder.reminderInterval" label="Påmindelse sendes" choices={REMINDER_INTERVALS} suffix={(n) => (n === 1 ? '1 dag før' : `${n} dage før`)} />
              </Box>
            )}
          </Box>
        ))}
      </Stack>
    </Section>
  );
}

type ExtraInfo = z.input<typeof ZEventExtraInfo>;

/** What a buyer is asked when signing up (extra-info definitions). */
export function ExtraInfoSection() {
  const rows = useFormRows<ExtraInfo>('extraInfo');
  return (
    <ModalRowsSection<ExtraInfo>
      {...rows}
      title="Ekstra oplysninger"
      addLabel="Tilføj felt"
      editTitle="Rediger felt"
      rowLabel={(x) => `felt ${x.title}`}
      confirmText="Er du sikker på at du vil slette dette felt?"
      columns={[
        { header: 'Titel', cell: (x) => x.title, cellProps: { fontWeight: 'medium' } },
        { header: 'Alias', cell: (x) => x.alias },
        { header: 'Type', cell: (x) => String(x.type) },
        { header: 'Påkrævet', cell: (x) => <YesNo value={!!x.required} /> },
      ]}
      modal={{
        schema: ZEventExtraInfo,
        newRow: () => ({ title: '', alias: '', type: 'Text', values: [], required: false }),
        fields: (
          <Stack gap="4">
            <TextField name="title" label="Titel" required />
            <TextField name="alias" label="Alias" required />
            <SelectField name="type" label="Type" options={EXTRA_INFO_TYPES.map((t) => ({ value: t, label: t }))} />
            <StringListField name="values" label="Værdier" placeholder="Tilføj værdi" />
            <CheckboxField name="required" label="Påkrævet" />
          </Stack>
        ),
      }}
    />
  );
}

type TicketProduct = z.input<typeof ZTicketProduct> & { product?: string };

/** The product a ticket row sells: the club's ticket and seat-ticket products. */
function TicketProductSelect() {
  const trpc = useTRPC();
  const products = useQuery(trpc.products.search.queryOptions({ limit: 100 }));
  const options = (products.data ?? []).filter((p) => p.type !== 'product').map((p) => ({ value: String(p.id), label: `${p.title}${p.type === 'seat-ticket' ? ' (pladsbillet)' : ''}` }));
  return <SelectField name="productId" label="Produkt" required placeholder="Vælg produkt" options={options} />;
}

/** Billetter: control type, ticket template, logo and picture, and the ticket products (SPEC §3 Ticket product). */
export function TicketsSection() {
  const settings = useEventSettings();
  const rows = useFormRows<TicketProduct>('tickets.products', { sortKey: 'sorting' });
  const trpc = useTRPC();
  const products = useQuery(trpc.products.search.queryOptions({ limit: 100 }));
  const name = (id: unknown) => products.data?.find((p) => p.id === Number(id))?.title ?? '';
  return (
    <Stack gap="6">
      <Section title="Billetter">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <SelectField name="tickets.controlType" label="Billetkontrol" options={CONTROL_TYPES.map((c) => ({ value: c, label: CONTROL_TYPE_LABELS[c] }))} />
          <SelectField name="tickets.template" label="Billetskabelon" options={[{ value: '', label: 'Standard' }, ...settings.ticketTemplates.map((t) => ({ value: t, label: t }))]} />
        </SimpleGrid>
      </Section>
      <ModalRowsSection<TicketProduct>
        {...rows}
        title="Billetprodukter"
        addLabel="Tilføj billet"
        editTitle="Rediger billet"
        rowLabel={(p) => `billet ${p.title}`}
        confirmText="Er du sikker på at du vil slette denne billet?"
        columns={[
          { header: 'Titel', cell: (p) => p.title, cellProps: { fontWeight: 'medium' } },
          { header: 'Produkt', cell: (p) => name(p.productId) },
          { header: 'Pris', cell: (p) => kr(p.price), cellProps: { whiteSpace: 'nowrap' } },
          { header: 'Maks.', cell: (p) => String(p.maxAmount ?? '') },
          { header: 'Offentlig', cell: (p) => <YesNo value={!!p.public} /> },
        ]}
        modal={{
          testId: 'ticket-modal',
          schema: ZTicketProduct,
          newRow: () => ({ id: null, productId: '', title: '', price: '', publicPrice: '', maxAmount: '', maxCompanyAmount: '', nameRequired: false, public: true, disableAdditionalTickets: false, ticketDescription: '', sorting: 0 }),
          fields: (
            <Stack gap="4">
              <TicketProductSelect />
              <TextField name="title" label="Titel" required />
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                <NumberField name="price" label="Pris (kr.)" required />
                <NumberField name="publicPrice" label="Offentlig pris (kr.)" />
                <DateField name="makePublicAt" label="Offentlig fra" type="datetime-local" />
                <DateField name="releaseReservedAt" label="Frigiv reserverede" type="datetime-local" />
                <NumberField name="maxAmount" label="Maks. antal" decimals={false} />
                <NumberField name="maxCompanyAmount" label="Maks. antal pr. virksomhed" decimals={false} />
                <DateField name="altStartDate" label="Alternativ startdato" type="datetime-local" />
              </SimpleGrid>
              <TextareaField name="ticketDescription" label="Beskrivelse på billetten" />
              <CheckboxField name="public" label="Offentlig" />
              <CheckboxField name="nameRequired" label="Navn påkrævet" />
              <CheckboxField name="disableAdditionalTickets" label="Ingen ekstra billetter" />
            </Stack>
          ),
        }}
      />
    </Stack>
  );
}

/** Bordplan: table cards' format and orientation, and which products get a seat at a table. */
export function TablePlanSection() {
  return (
    <Section title="Bordplan">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <SelectField name="tablePlan.cardFormat" label="Bordkort format" options={TABLE_CARD_FORMATS.map((f) => ({ value: f, label: f }))} />
        <SelectField name="tablePlan.cardOrientation" label="Retning" options={TABLE_CARD_ORIENTATIONS.map((o) => ({ value: o, label: o === 'Portrait' ? 'Stående' : 'Liggende' }))} />
        <Box gridColumn={{ md: 'span 2' }}>
          <ProductsField name="tablePlan.productIds" label="Produkter med bordplads" />
        </Box>
      </SimpleGrid>
    </Section>
  );
}

/** Invitationer on a type: only which products the invitations carry. */
export function InviteProductsSection() {
  return (
    <Section title="Invitationer">
      <Text color="fg.muted" fontSize="sm" mb="3">
        Produkterne som nye invitationer til arrangementer af denne type får med.
      </Text>
      <ProductsField name="invitees.productIds" label="Produkter" />
    </Section>
  );
}
