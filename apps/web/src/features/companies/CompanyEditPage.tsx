import { Box, Grid, SimpleGrid, Stack } from '@chakra-ui/react';
import { type TCompanyUpdateRequest, ZCompanyUpdateRequest } from '@klubhus/domain';
import { MSG } from '@klubhus/domain/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useAppState } from '../../lib/appState';
import { type RouterOutputs, useTRPC, useTRPCClient } from '../../lib/trpc';
import { EditForm, EditPage, recordPage } from '../../ui/EditPage';
import { CheckboxField, DateField, ImageFileField, SelectField, TextField, useZodForm } from '../../ui/form';
import { Section } from '../../ui/PageHeader';
import { type RecordRoute, useRecordDelete, useRecordSave } from '../../ui/useRecordRoute';
import { CommentsPanel } from '../comments/CommentsPanel';
import { FilesPanel } from '../files/FilesPanel';
import { toUpload } from '../../lib/transfer';
import { CompanyContactsSection, type ContactCard } from './CompanyContactsSection';
import { CompanyEventsTab } from './CompanyEventsTab';
import { CompanySalesSection } from './CompanySalesSection';
import { CvrField } from './CvrField';
import { ExtraInfoFields, extraInfoDefinitions, extraInfoFormValues } from './ExtraInfoFields';
import { STATUS_OPTIONS } from './status';
import { TicketLimitsSection, TicketUtilizationSection } from './TicketLimits';
import { LoadingSpinner } from '../../ui/LoadingSpinner';

type Company = RouterOutputs['companies']['get'];
type CompanyOut = z.output<typeof ZCompanyUpdateRequest>;

/** /companies/:id ('create' for a new company): tabs Virksomhed and Filer (once saved). */
export default recordPage('/companies', (trpc, id) => trpc.companies.get.queryOptions({ id }), CompanyScreen);

function formValues(company: Company | null, extra: ReturnType<typeof extraInfoDefinitions>): TCompanyUpdateRequest {
  return {
    id: company?.id ?? null,
    name: company?.name ?? '',
    status: String(company?.status ?? 0),
    cvr: company?.cvr ?? '',
    ean: company?.ean ?? '',
    useEAN: company?.useEAN ?? false,
    vatExcluded: company?.vatExcluded ?? false,
    address: company?.address ?? '',
    zipCode: company?.zipCode ?? '',
    city: company?.city ?? '',
    email: company?.email ?? '',
    phone: company?.phone ?? '',
    website: company?.website ?? '',
    followUpDate: company?.followUpDate ?? '',
    ownerId: company?.ownerId ? String(company.ownerId) : '',
    extraInfo: extraInfoFormValues(extra, company?.extraInfo),
    contactIds: company?.contactIds ?? [],
    ticketLimits: (company?.ticketLimits ?? {}) as TCompanyUpdateRequest['ticketLimits'],
  };
}

function CompanyScreen({ route }: { route: RecordRoute<Company> }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const app = useAppState();
  const company = route.record ?? null;
  const extraDefs = extraInfoDefinitions(app.client?.settings.companies.extraInfo);
  const form = useZodForm(ZCompanyUpdateRequest, { defaultValues: formValues(company, extraDefs) });
  const [logoWebFile, setLogoWebFile] = useState<File | null>(null);
  const [logoPrintFile, setLogoPrintFile] = useState<File | null>(null);
  const [cards, setCards] = useState<ContactCard[]>(highlightedFirst(company?.contacts ?? []));
  const logoWeb = useWatch({ control: form.control, name: 'logoWeb' });
  const logoPrint = useWatch({ control: form.control, name: 'logoPrint' });

  const save = useRecordSave(route, form, {
    mutation: {
      mutationFn: async (values: CompanyOut): Promise<{ id: number; created: boolean; message: string }> => {
        return client.companies.update.mutate({
          ...values,
          logoWebFile: logoWebFile ? [await toUpload(logoWebFile)] : undefined,
          logoPrintFile: logoPrintFile ? [await toUpload(logoPrintFile)] : undefined,
        });
      },
    },
    invalidate: [trpc.companies.pathFilter()],
    onSaved: async (r) => {
      setLogoWebFile(null);
      setLogoPrintFile(null);
      const fresh = await queryClient.fetchQuery(trpc.companies.get.queryOptions({ id: r.id }));
      setCards(highlightedFirst(fresh.contacts));
      form.reset(formValues(fresh, extraDefs));
    },
  });
  const remove = useRecordDelete(route, { mutation: trpc.companies.delete.mutationOptions(), invalidate: [trpc.companies.pathFilter()] });

  return (
    <EditPage
      route={route}
      form={form}
      heading={company ? company.name : 'Opret virksomhed'}
      titleField="name"
      saving={save.isPending}
      remove={{ confirm: MSG.confirmDeleteCompany, mutation: remove }}
      onSubmit={(values) => save.mutate({ ...values, id: route.id })}
      freeLayout
      tabs={[
        {
          value: 'company',
          label: 'Virksomhed',
          content: (
            <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="6" alignItems="start">
              <Box minW="0">
                <EditForm>
                  <CompanySection />
                  <LogosSection
                    urls={{ logoWeb: logoWeb === null ? null : company?.logoWebUrl, logoPrint: logoPrint === null ? null : company?.logoPrintUrl }}
                    files={{ logoWeb: logoWebFile, logoPrint: logoPrintFile }}
                    onFile={(name, f) => (name === 'logoWeb' ? setLogoWebFile : setLogoPrintFile)(f)}
                  />
                  <Section title="Ekstra oplysninger">
                    <ExtraInfoFields definitions={extraDefs} />
                  </Section>
                  <TicketLimitsSection />
                </EditForm>
                {company && <CommentsPanel originType="company" originId={company.id} originUrl={`/companies/${company.id}`} />}
              </Box>
              <Stack gap="0" minW="0">
                <OwnerSection />
                <CompanyContactsSection
                  companyId={route.id}
                  cards={cards}
                  onChange={(next) => {
                    setCards(next);
                    form.setValue(
                      'contactIds',
                      next.map((c) => c.id),
                      { shouldDirty: true },
                    );
                  }}
                />
                {company && app.modules.some((m) => m.alias === 'orders') && <CompanySalesSection company={company} />}
                {company && <TicketUtilizationSection companyId={company.id} />}
              </Stack>
            </Grid>
          ),
        },
        {
          value: 'events',
          label: 'Arrangementer',
          hidden: !company || !app.modules.some((m) => m.alias === 'events'),
          lazy: true,
          content: company && <CompanyEventsTab companyId={company.id} />,
        },
        { value: 'files', label: 'Filer', hidden: !company, lazy: true, content: company && <FilesPanel relationType="company" relationId={company.id} /> },
      ]}
    />
  );
}

/** Highlighted contacts first, then by name (the server's order). */
function highlightedFirst<T extends { highlighted?: boolean }>(cards: T[]): T[] {
  return [...cards].sort((a, b) => Number(!!b.highlighted) - Number(!!a.highlighted));
}

function CompanySection() {
  const useEAN = useWatch({ name: 'useEAN' }) as boolean;
  return (
    <Section title="Virksomhed">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <TextField name="name" label="Navn" required />
        <SelectField name="status" label="Status" options={STATUS_OPTIONS} required />
        <CvrField helperText="CVR eller telefon skal udfyldes." />
        <TextField name="phone" label="Telefon" type="tel" helperText="CVR eller telefon skal udfyldes." />
        <TextField name="email" label="E-mail" type="email" />
        <TextField name="website" label="Hjemmeside" type="url" placeholder="https://" />
        <TextField name="address" label="Adresse" />
        <SimpleGrid columns={3} gap="3">
          <Box gridColumn="span 1">
            <TextField name="zipCode" label="Postnr." />
          </Box>
          <Box gridColumn="span 2">
            <TextField name="city" label="By" />
          </Box>
        </SimpleGrid>
        <TextField name="ean" label="EAN" required={useEAN} inputProps={{ inputMode: 'numeric' }} />
        <DateField name="followUpDate" label="Opfølgningsdato" />
        <Stack gap="3" gridColumn={{ md: 'span 2' }}>
          <CheckboxField name="useEAN" label="Fakturér med EAN" />
          <CheckboxField name="vatExcluded" label="Momsfri" />
        </Stack>
      </SimpleGrid>
    </Section>
  );
}

const LOGOS = [
  { name: 'logoWeb', label: 'Logo (web)', helperText: 'Bruges på hjemmesiden og i webshoppen.' },
  { name: 'logoPrint', label: 'Logo (print)', helperText: 'Bruges på aftaler, fakturaer og billetter.' },
] as const;
type LogoName = (typeof LOGOS)[number]['name'];

/** The web and print logos: the stored one (Fjern clears it in the form) or the file chosen to upload with the save. */
function LogosSection({
  urls,
  files,
  onFile,
}: {
  urls: Record<LogoName, string | null | undefined>;
  files: Record<LogoName, File | null>;
  onFile: (name: LogoName, f: File | null) => void;
}) {
  const { setValue } = useFormContext();
  return (
    <Section title="Logoer">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        {LOGOS.map((l) => (
          <ImageFileField
            key={l.name}
            {...l}
            uploadLabel="Vælg logo"
            url={urls[l.name]}
            file={files[l.name]}
            onFile={(f) => onFile(l.name, f)}
            onRemove={() => setValue(l.name, null, { shouldDirty: true })}
          />
        ))}
      </SimpleGrid>
    </Section>
  );
}

function OwnerSection() {
  const trpc = useTRPC();
  const users = useQuery(trpc.app.owners.queryOptions());
  const options = (users.data ?? []).map((u) => ({ value: String(u.id), label: u.name || u.email }));
  return (
    <Section title="Ansvarlig">
      {users.data ? (
        <SelectField name="ownerId" label="Ansvarlig" options={[{ value: '', label: 'Ingen ansvarlig' }, ...options]} />
      ) : (
        <LoadingSpinner size="sm" />
      )}
    </Section>
  );
}
