import { Box, Button, Grid, HStack, SimpleGrid, Spinner, Stack, Tabs } from '@chakra-ui/react';
import { type TCompanyUpdateRequest, ZCompanyUpdateRequest } from '@klubhus/domain';
import { MSG } from '@klubhus/domain/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { PageSpinner } from '../../ui/PageSpinner';
import { useAppState } from '../../lib/appState';
import { type RouterOutputs, useTRPC, useTRPCClient } from '../../lib/trpc';
import { useConfirm } from '../../ui/ConfirmModal';
import { errorMessage } from '../../ui/errors';
import { CheckboxField, DateField, FormField, ImageUpload, SelectField, TextField, useZodForm } from '../../ui/form';
import { LinkButton } from '../../ui/LinkButton';
import { PageHeader, Section } from '../../ui/PageHeader';
import { useSaveMutation } from '../../ui/save';
import { notify } from '../../ui/toaster';
import { CommentsPanel } from '../comments/CommentsPanel';
import { FilesPanel } from '../files/FilesPanel';
import { toUpload } from '../../lib/transfer';
import { CompanyContactsSection, type ContactCard } from './CompanyContactsSection';
import { CvrField } from './CvrField';
import { ExtraInfoFields, extraInfoDefinitions, extraInfoFormValues } from './ExtraInfoFields';
import { STATUS_OPTIONS } from './status';
import { TicketLimitsSection, TicketUtilizationSection } from './TicketLimits';
import { useNavigate, useParams } from 'react-router';

type Company = RouterOutputs['companies']['get'];
type CompanyOut = z.output<typeof ZCompanyUpdateRequest>;
const FORM_ID = 'company-form';

/** /companies/:id ('create' for a new company): tabs Virksomhed and Filer (once saved). */
export default function CompanyEditPage() {
  const { id } = useParams();
  const isNew = id === 'create';
  const companyId = isNew ? null : Number(id);
  const valid = isNew || (Number.isInteger(companyId) && (companyId ?? 0) > 0);
  const trpc = useTRPC();
  const navigate = useNavigate();
  const q = useQuery({ ...trpc.companies.get.queryOptions({ id: companyId ?? 0 }), enabled: !isNew && valid });

  useEffect(() => {
    if (q.isError) {
      notify.error(errorMessage(q.error));
      navigate('/companies', { replace: true });
    }
  }, [q.isError, q.error, navigate]);
  useEffect(() => {
    if (!valid) navigate('/companies', { replace: true });
  }, [valid, navigate]);

  if (!isNew && !q.data) return <PageSpinner />;
  return <CompanyScreen key={id} company={q.data ?? null} />;
}

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

function CompanyScreen({ company }: { company: Company | null }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const app = useAppState();
  const extraDefs = extraInfoDefinitions(app.client?.settings.companies.extraInfo);
  const form = useZodForm(ZCompanyUpdateRequest, { defaultValues: formValues(company, extraDefs) });
  const [tab, setTab] = useState('company');
  const [logoWebFile, setLogoWebFile] = useState<File | null>(null);
  const [logoPrintFile, setLogoPrintFile] = useState<File | null>(null);
  const [cards, setCards] = useState<ContactCard[]>(highlightedFirst(company?.contacts ?? []));
  const live = useQuery({ ...trpc.companies.get.queryOptions({ id: company?.id ?? 0 }), enabled: !!company });
  const current = live.data ?? company;
  const name = useWatch({ control: form.control, name: 'name' }) as string;
  const logoWeb = useWatch({ control: form.control, name: 'logoWeb' });
  const logoPrint = useWatch({ control: form.control, name: 'logoPrint' });

  const save = useSaveMutation({
    mutation: {
      mutationFn: async (values: CompanyOut): Promise<{ id: number; created: boolean; message: string }> => {
        return client.companies.update.mutate({
          ...values,
          logoWebFile: logoWebFile ? [await toUpload(logoWebFile)] : undefined,
          logoPrintFile: logoPrintFile ? [await toUpload(logoPrintFile)] : undefined,
        });
      },
    },
    success: (r) => r.message,
    onSuccess: async (r) => {
      await queryClient.invalidateQueries(trpc.companies.pathFilter());
      if (r.created) {
        navigate(`/companies/${r.id}`, { replace: true });
        return;
      }
      setLogoWebFile(null);
      setLogoPrintFile(null);
      const fresh = await queryClient.fetchQuery(trpc.companies.get.queryOptions({ id: r.id }));
      setCards(highlightedFirst(fresh.contacts));
      form.reset(formValues(fresh, extraDefs));
    },
  });

  const remove = useSaveMutation({
    mutation: trpc.companies.delete.mutationOptions(),
    success: (r) => r.message,
    onSuccess: async () => {
      await queryClient.invalidateQueries(trpc.companies.pathFilter());
      navigate('/companies', { replace: true });
    },
  });

  const submit = form.handleSubmit(
    (values) => save.mutate({ ...values, id: company?.id ?? null }),
    () => {
      setTab('company');
      requestAnimationFrame(() => {
        const el = document.querySelector(`#${FORM_ID} [aria-invalid="true"]`) as HTMLElement | null;
        el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
        el?.focus({ preventScroll: true });
      });
    },
  );

  const title = company ? name || company.name : 'Opret virksomhed';
  return (
    <FormProvider {...form}>
      <PageHeader
        title={title}
        documentTitle={company ? company.name : 'Opret virksomhed'}
        actions={
          <>
            <LinkButton to="/companies" variant="outline">
              <ArrowLeft /> Tilbage
            </LinkButton>
            {company && (
              <Button
                variant="outline"
                colorPalette="red"
                loading={remove.isPending}
                onClick={async () => {
                  if (await confirm(MSG.confirmDeleteCompany)) remove.mutate({ id: company.id });
                }}
              >
                <Trash2 /> Slet
              </Button>
            )}
            <Button type="submit" form={FORM_ID} colorPalette="brand" loading={save.isPending}>
              Gem
            </Button>
          </>
        }
      />
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" lazyMount>
        <Tabs.List mb="6">
          <Tabs.Trigger value="company">Virksomhed</Tabs.Trigger>
          {company && <Tabs.Trigger value="files">Filer</Tabs.Trigger>}
        </Tabs.List>
        <Tabs.Content value="company" p="0">
          <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="6" alignItems="start">
            <Box minW="0">
              <form id={FORM_ID} onSubmit={submit} noValidate>
                <CompanySection />
                <LogosSection
                  logoWebUrl={logoWeb === null ? null : current?.logoWebUrl}
                  logoPrintUrl={logoPrint === null ? null : current?.logoPrintUrl}
                  logoWebFile={logoWebFile}
                  logoPrintFile={logoPrintFile}
                  onLogoWebFile={setLogoWebFile}
                  onLogoPrintFile={setLogoPrintFile}
                  onRemoveWeb={() => form.setValue('logoWeb', null, { shouldDirty: true })}
                  onRemovePrint={() => form.setValue('logoPrint', null, { shouldDirty: true })}
                />
                <Section title="Ekstra oplysninger">
                  <ExtraInfoFields definitions={extraDefs} />
                </Section>
                <TicketLimitsSection />
              </form>
              {company && <CommentsPanel originType="company" originId={company.id} originUrl={`/companies/${company.id}`} />}
            </Box>
            <Stack gap="0" minW="0">
              <OwnerSection />
              <CompanyContactsSection
                companyId={company?.id ?? null}
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
              {company && <TicketUtilizationSection companyId={company.id} />}
            </Stack>
          </Grid>
        </Tabs.Content>
        {company && (
          <Tabs.Content value="files" p="0">
            <FilesPanel relationType="company" relationId={company.id} />
          </Tabs.Content>
        )}
      </Tabs.Root>
    </FormProvider>
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

function LogosSection(props: {
  logoWebUrl: string | null | undefined;
  logoPrintUrl: string | null | undefined;
  logoWebFile: File | null;
  logoPrintFile: File | null;
  onLogoWebFile: (f: File | null) => void;
  onLogoPrintFile: (f: File | null) => void;
  onRemoveWeb: () => void;
  onRemovePrint: () => void;
}) {
  return (
    <Section title="Logoer">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <FormField name="logoWeb" label="Logo (web)" helperText="Bruges på hjemmesiden og i webshoppen.">
          <HStack gap="2" align="center">
            <ImageUpload value={props.logoWebFile} onChange={props.onLogoWebFile} currentUrl={props.logoWebUrl} label="Vælg logo" />
            {props.logoWebUrl && !props.logoWebFile && (
              <Button size="xs" variant="ghost" colorPalette="red" onClick={props.onRemoveWeb}>
                Fjern
              </Button>
            )}
          </HStack>
        </FormField>
        <FormField name="logoPrint" label="Logo (print)" helperText="Bruges på aftaler, fakturaer og billetter.">
          <HStack gap="2" align="center">
            <ImageUpload value={props.logoPrintFile} onChange={props.onLogoPrintFile} currentUrl={props.logoPrintUrl} label="Vælg logo" />
            {props.logoPrintUrl && !props.logoPrintFile && (
              <Button size="xs" variant="ghost" colorPalette="red" onClick={props.onRemovePrint}>
                Fjern
              </Button>
            )}
          </HStack>
        </FormField>
      </SimpleGrid>
    </Section>
  );
}

function OwnerSection() {
  const trpc = useTRPC();
  const users = useQuery(trpc.app.users.queryOptions({}));
  const options = (users.data ?? []).map((u) => ({ value: String(u.id), label: `${u.firstname} ${u.lastname}`.trim() || u.email }));
  return (
    <Section title="Ansvarlig">
      {users.data ? (
        <SelectField name="ownerId" label="Ansvarlig" options={[{ value: '', label: 'Ingen ansvarlig' }, ...options]} />
      ) : (
        <Spinner size="sm" aria-label="Indlæser" />
      )}
    </Section>
  );
}
