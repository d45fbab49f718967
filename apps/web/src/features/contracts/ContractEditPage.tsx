import { Box, Button, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import {
  AGREEMENT_STATUS_LABELS,
  CONTRACT_MSG,
  CONTRACT_STATUS_LABELS,
  type ContractAction,
  contractButtons,
  contractEditable,
  kronerToOre,
  withCategoryLine,
  ZContractUpdateRequest,
} from '@klubhus/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, Check, FileText, Mail, PenLine, Pencil, RefreshCw, RotateCcw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { type Control, useFormContext, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useAppState } from '../../lib/appState';
import { vatSettings } from '../../lib/cart';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { useConfirm } from '../../ui/confirm';
import { EditPage, recordPage } from '../../ui/EditPage';
import { errorMessage } from '../../ui/errors';
import { AsyncSelectField, CheckboxField, DateField, FormField, SelectField, TextareaField, TextField, useZodForm as useZodFormBase } from '../../ui/form';
import { formatDateTime } from '../../ui/format';
import { Section } from '../../ui/PageHeader';
import { notify } from '../../ui/toaster';
import { type RecordRoute, useRecordDelete, useRecordSave } from '../../ui/useRecordRoute';
import { CommentsPanel } from '../comments/CommentsPanel';
import { CommentsTabLabel } from '../comments/CommentsTabLabel';
import { FilesPanel } from '../files/FilesPanel';
import { PartyPickers } from '../orders/BuyerSection';
import { CategoryFields } from '../orders/FieldInput';
import { InvoicingSection } from '../orders/InvoicingSection';
import { LinesSection } from '../orders/LinesSection';
import { AmountsSection, TotalsSection } from '../orders/OrderSections';
import { OrderInvoicesTab } from '../orders/invoices/OrderInvoicesTab';
import { RowsTable } from '../orders/RowsTable';
import { liveTotals, type OrderValues } from '../orders/values';
import { isSeatLine, SeatLineActions, useSeatEvents } from './SeatLineActions';
import { SetupSection } from './SetupSection';
import { AgreementStatusBadge, ContractStatusBadge } from './status';
import { type Contract, type ContractLineDraft, type ContractValues, draftToLine, lineToDraft, toValues, toWire } from './values';

/** /orders/contracts/:id ('create' for new): SPEC §2's agreement screen, tabs Aftale, Fakturaer and Filer (once saved), Detaljer, Noter. */
export default recordPage('/orders/contracts', (trpc, id) => trpc.contracts.get.queryOptions({ id }), ContractLoader);

/** A new agreement waits for the categories and seasons: the first of each is preselected (SPEC §9). */
function ContractLoader({ route }: { route: RecordRoute<Contract> }) {
  const trpc = useTRPC();
  const categories = useQuery({ ...trpc.orderCategories.options.queryOptions(), enabled: !route.record });
  const seasons = useQuery({ ...trpc.seasons.options.queryOptions(), enabled: !route.record });
  if (!route.record && (!categories.data || !seasons.data)) return null;
  const category = categories.data?.find((c) => !c.hideOnContract) ?? null;
  const season = seasons.data?.find((s) => !s.parentId) ?? null;
  return <ContractForm route={route} defaults={{ categoryId: category?.id ?? null, season }} />;
}

const AGREEMENT_FIELDS = ['categoryId', 'companyId', 'contactId', 'seasonId', 'startDate', 'endDate', 'renewDate', 'description', 'contractLines', 'orderDiscount', 'additionalFee', 'invoicing'];
const DETAIL_FIELDS = ['agreementStatus', 'ownerId', 'contractDescription', 'supplementalDescription', 'additional', 'internal'];

const ACTIONS: Record<Exclude<ContractAction, 'delete'>, { label: string; icon: ReactNode; palette?: string; confirm?: string }> = {
  approve: { label: 'Godkend', icon: <Check />, palette: 'green' },
  renew: { label: 'Forny', icon: <RefreshCw />, confirm: CONTRACT_MSG.confirmRenew },
  edit: { label: 'Rediger', icon: <Pencil /> },
  cancel: { label: 'Annuller', icon: <Ban />, palette: 'red', confirm: CONTRACT_MSG.confirmCancel },
  reactivate: { label: 'Genaktiver', icon: <RotateCcw /> },
};

function ContractForm({ route, defaults }: { route: RecordRoute<Contract>; defaults: Parameters<typeof toValues>[1] }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const { client: club } = useAppState();
  const vat = vatSettings(club);
  const contract = route.record;
  const form = useZodForm(contract, defaults);
  const [busy, setBusy] = useState<string | null>(null);
  const save = useRecordSave(route, form, {
    mutation: { mutationFn: (values: ReturnType<typeof toWire>) => client.contracts.update.mutate(values) },
    invalidate: [trpc.contracts.pathFilter()],
    onSaved: async (r) => form.reset(toValues(await queryClient.fetchQuery(trpc.contracts.get.queryOptions({ id: r.id })))),
  });
  const remove = useRecordDelete(route, { mutation: trpc.contracts.delete.mutationOptions(), invalidate: [trpc.contracts.pathFilter()] });
  const status = contract?.status ?? 'draft';
  const editable = contractEditable(status);
  const cancelled = status === 'cancelled';
  const id = route.id as number;

  /** After a seat line's move, copy or removal: the agreement read again, the form reset to it. */
  const reload = async () => {
    await queryClient.invalidateQueries(trpc.contracts.pathFilter());
    form.reset(toValues(await queryClient.fetchQuery(trpc.contracts.get.queryOptions({ id }))));
  };

  /** A status action: unsaved changes are saved first (approving what is on screen: the form is validated), then the action, its toast, and the agreement read again. */
  const act = async (name: Exclude<ContractAction, 'delete'>) => {
    const a = ACTIONS[name];
    if (a.confirm && !(await confirm(a.confirm))) return;
    setBusy(name);
    try {
      if (name === 'approve' || (form.formState.isDirty && !cancelled)) {
        const valid = await form.trigger();
        if (!valid) {
          notify.error('Udfyld de påkrævede felter.');
          return;
        }
        if (form.formState.isDirty) await client.contracts.update.mutate(toWire(form.getValues() as ContractValues, id));
      }
      const r = await client.contracts[name].mutate({ id });
      notify.success(r.message);
      await queryClient.invalidateQueries(trpc.contracts.pathFilter());
      if (name === 'renew' && r.newId) {
        route.leaving.current = true;
        navigate(`/orders/contracts/${r.newId}`);
        return;
      }
      form.reset(toValues(await queryClient.fetchQuery(trpc.contracts.get.queryOptions({ id }))));
    } catch (e) {
      notify.error(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  /** Send (the PDF) or send for signing: asks first, saves what is on screen, then mails; the PDF must be made for this version. */
  const mail = async (name: 'send' | 'sendSigning') => {
    const email = contract?.contact?.email;
    if (!email) {
      notify.error(CONTRACT_MSG.noContactEmail);
      return;
    }
    if (!(await confirm(name === 'send' ? CONTRACT_MSG.confirmSend(email) : CONTRACT_MSG.confirmSendSigning(email)))) return;
    setBusy(name);
    try {
      if (form.formState.isDirty && !cancelled) {
        notify.error('Gem aftalen først.');
        return;
      }
      const r = await client.contracts[name].mutate({ id });
      notify.success(r.message);
      await queryClient.invalidateQueries(trpc.contracts.pathFilter());
    } catch (e) {
      notify.error(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const actions = contract && (
    <>
      {!cancelled && (
        <>
          <Button asChild variant="outline">
            <a href={contract.pdfUrl} target="_blank" rel="noreferrer">
              <FileText /> PDF
            </a>
          </Button>
          <Button variant="outline" loading={busy === 'send'} onClick={() => void mail('send')}>
            <Mail /> Send
          </Button>
          {contract.agreementStatus !== 'signed' && (
            <Button variant="outline" loading={busy === 'sendSigning'} onClick={() => void mail('sendSigning')}>
              <PenLine /> Send til underskrift
            </Button>
          )}
        </>
      )}
      {contractButtons(status)
        .filter((a): a is Exclude<ContractAction, 'delete'> => a !== 'delete')
        .map((name) => (
          <Button key={name} variant="outline" colorPalette={ACTIONS[name].palette} loading={busy === name} onClick={() => void act(name)}>
            {ACTIONS[name].icon} {ACTIONS[name].label}
          </Button>
        ))}
    </>
  );

  const heading = contract ? `Aftale #${contract.contractNumber}` : 'Opret aftale';
  return (
    <EditPage
      route={route}
      form={form}
      heading={heading}
      title={
        contract ? (
          <HStack gap="3" as="span" flexWrap="wrap">
            <Box as="span" textDecoration={cancelled ? 'line-through' : undefined} data-testid="contract-heading">
              {heading}
            </Box>
            <ContractStatusBadge status={contract.status} />
            <AgreementStatusBadge status={contract.agreementStatus} />
          </HStack>
        ) : undefined
      }
      saving={save.isPending}
      saveHidden={cancelled}
      remove={contract && status === 'draft' ? { confirm: CONTRACT_MSG.confirmDelete, mutation: remove } : undefined}
      actions={actions}
      onSubmit={() => save.mutate(toWire(form.getValues() as ContractValues, route.id))}
      tabs={[
        {
          value: 'agreement',
          label: 'Aftale',
          fields: AGREEMENT_FIELDS,
          content: (
            <Stack gap="0" textDecoration={cancelled ? 'line-through' : undefined}>
              {contract && !editable && (
                <Text mb="4" color="fg.muted" fontSize="sm">
                  {CONTRACT_STATUS_LABELS[status]}: {cancelled ? CONTRACT_MSG.cancelledReadOnly : `${CONTRACT_MSG.lockedFields} Tryk Rediger for at åbne aftalen igen.`}
                </Text>
              )}
              <PartiesSection contract={contract} readOnly={!editable} />
              <PeriodSection readOnly={!editable} />
              <SetupSection readOnly={!editable} />
              <LinesSection
                readOnly={!editable}
                name="contractLines"
                title="Aftalelinjer"
                seatCell={(l) => <SeatCell line={l as ContractLineDraft} />}
                rowActions={(l) => {
                  const line = l as ContractLineDraft;
                  return contract && isSeatLine(line) ? <SeatLineActions contractId={contract.id} line={line} dirty={form.formState.isDirty} onDone={reload} /> : null;
                }}
                // A saved seat line is removed with Fjern (it frees the seat at once); one Slet beside it would confuse.
                deletable={(l) => !(contract && isSeatLine(l as ContractLineDraft))}
              />
              <DeletedLines contract={contract} />
              <AmountsSection draft={editable} discountLabel="Rabat (kr.)" />
              <ContractTotals control={form.control as unknown as Control<ContractValues>} vat={vat} editable={editable} />
            </Stack>
          ),
        },
        { value: 'invoices', label: 'Fakturaer', hidden: !contract, lazy: true, content: contract && <OrderInvoicesTab contractId={contract.id} /> },
        { value: 'files', label: 'Filer', hidden: !contract, lazy: true, content: contract && <FilesPanel relationType="contract" relationId={contract.id} /> },
        { value: 'details', label: 'Detaljer', fields: DETAIL_FIELDS, content: <DetailsTab contract={contract} /> },
        {
          value: 'notes',
          label: contract ? <CommentsTabLabel originType="contract" originId={contract.id} /> : 'Noter',
          hidden: !contract,
          lazy: true,
          content: contract && <CommentsPanel originType="contract" originId={contract.id} originUrl={`/orders/contracts/${contract.id}`} title="Noter" />,
        },
      ]}
    />
  );
}

function useZodForm(contract: Contract | undefined, defaults: Parameters<typeof toValues>[1]) {
  return useZodFormBase(ZContractUpdateRequest, { defaultValues: toValues(contract, defaults) as never });
}

/** The totals of what is typed (orderTotals, as the server stores them) and the invoicing plan. */
function ContractTotals({ control, vat, editable }: { control: Control<ContractValues>; vat: ReturnType<typeof vatSettings>; editable: boolean }) {
  const [contractLines, orderDiscount, additionalFee, invoicing] = useWatch({ control, name: ['contractLines', 'orderDiscount', 'additionalFee', 'invoicing'] });
  const totals = liveTotals({ orderLines: contractLines as OrderValues['orderLines'], orderDiscount, additionalFee, invoicing: invoicing as OrderValues['invoicing'] }, vat);
  return (
    <>
      <InvoicingSection draft={editable} total={totals.total} linesName="contractLines" />
      <TotalsSection totals={totals} vat={vat} />
    </>
  );
}

/** Company and contact (required), chosen by search; the category (its line swapped on change) and its custom fields. */
function PartiesSection({ contract, readOnly }: { contract?: Contract; readOnly: boolean }) {
  const trpc = useTRPC();
  const { control, setValue, getValues } = useFormContext<ContractValues>();
  const categoryId = Number(useWatch({ control, name: 'categoryId' }) || 0);
  const categories = useQuery(trpc.orderCategories.options.queryOptions());
  const options = (categories.data ?? []).filter((c) => !c.hideOnContract || c.id === contract?.categoryId);

  const onCategory = (value: string) => {
    const c = options.find((x) => String(x.id) === value) ?? null;
    const lines = ((getValues('contractLines') ?? []) as ContractLineDraft[]).map((d) => ({ d, l: draftToLine(d) }));
    const next = withCategoryLine(
      lines.map((x) => x.l ?? ({ ...(x.d as object), categoryLine: false } as unknown as NonNullable<typeof x.l>)),
      c ? { id: c.id, title: c.title, sku: c.sku, price: c.price === null ? null : kronerToOre(c.price), invoiceTitle: c.invoiceTitle } : null,
    );
    setValue(
      'contractLines',
      next.map((l) => lines.find((x) => x.l === l)?.d ?? lineToDraft(l)),
      { shouldDirty: true },
    );
  };

  return (
    <Section title="Sponsor">
      <Stack gap="4">
        <PartyPickers record={contract} required disabled={readOnly} />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <CategorySelect options={options.map((c) => ({ value: String(c.id), label: c.title }))} disabled={readOnly} onChange={onCategory} />
          <TextField name="description" label="Beskrivelse" disabled={readOnly} />
        </SimpleGrid>
        <CategoryFields categoryId={categoryId} />
      </Stack>
    </Section>
  );
}

function CategorySelect({ options, disabled, onChange }: { options: { value: string; label: string }[]; disabled: boolean; onChange: (v: string) => void }) {
  const { register } = useFormContext<ContractValues>();
  const reg = register('categoryId', { onChange: (e) => onChange(e.target.value) });
  return (
    <FormField name="categoryId" label="Kategori" required disabled={disabled}>
      <select {...reg} aria-label="Kategori" disabled={disabled} style={{ width: '100%', padding: '0.5rem', borderWidth: 1, borderRadius: 6, background: 'var(--chakra-colors-bg)' }}>
        <option value="">Vælg kategori</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FormField>
  );
}

/** Season (fills the start and end dates and locks the start date) or own dates ('Egne datoer' clears the season); end date, no end date, renegotiation date. */
function PeriodSection({ readOnly }: { readOnly: boolean }) {
  const trpc = useTRPC();
  const { control, setValue, register } = useFormContext<ContractValues>();
  const seasons = useQuery(trpc.seasons.options.queryOptions());
  const [seasonId, noEndDate] = useWatch({ control, name: ['seasonId', 'noEndDate'] });
  const reg = register('seasonId', {
    onChange: (e) => {
      const s = (seasons.data ?? []).find((x) => String(x.id) === e.target.value);
      if (s) {
        setValue('startDate', s.startDate, { shouldDirty: true });
        setValue('endDate', s.endDate, { shouldDirty: true });
      }
    },
  });
  return (
    <Section title="Periode">
      <SimpleGrid columns={{ base: 1, md: 4 }} gap="4" alignItems="end">
        <FormField name="seasonId" label="Sæson" disabled={readOnly}>
          <select {...reg} aria-label="Sæson" disabled={readOnly} style={{ width: '100%', padding: '0.5rem', borderWidth: 1, borderRadius: 6, background: 'var(--chakra-colors-bg)' }}>
            <option value="">Egne datoer</option>
            {(seasons.data ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
          </select>
        </FormField>
        <DateField name="startDate" label="Startdato" disabled={readOnly || !!seasonId} />
        {!noEndDate && <DateField name="endDate" label="Slutdato" disabled={readOnly} />}
        <DateField name="renewDate" label="Genforhandlingsdato" disabled={readOnly} />
        <CheckboxField name="noEndDate" label="Ingen slutdato" disabled={readOnly} />
      </SimpleGrid>
    </Section>
  );
}

/** Lines whose product has been deleted (SPEC §4: the Slettede tab of the lines). */
function DeletedLines({ contract }: { contract?: Contract }) {
  const gone = (contract?.contractLines ?? []).filter((l) => l.productDeleted);
  if (!gone.length) return null;
  return (
    <Section title="Slettede">
      <Text fontSize="sm" color="fg.muted" mb="2">
        Produktet bag disse linjer er slettet. Linjerne står stadig på aftalen.
      </Text>
      <RowsTable label="Slettede linjer" headers={['Titel', 'Antal']}>
        {gone.map((l) => (
          <Table.Row key={l.id}>
            <Table.Cell>{l.title}</Table.Cell>
            <Table.Cell>{l.amount}</Table.Cell>
          </Table.Row>
        ))}
      </RowsTable>
    </Section>
  );
}

/** Detaljer: agreement status, the agreement texts for the PDF, notes, the history and the signing trail. */
function DetailsTab({ contract }: { contract?: Contract }) {
  const status = contract?.agreementStatus ?? 'unsent';
  const settable = status === 'unsent' || status === 'renegotiation';
  return (
    <Stack gap="0">
      <Section title="Aftaletekster">
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="end">
            {settable ? (
              <SelectField
                name="agreementStatus"
                label="Aftalestatus"
                options={(['unsent', 'renegotiation'] as const).map((s) => ({ value: s, label: AGREEMENT_STATUS_LABELS[s] }))}
              />
            ) : (
              <HStack>
                <Text>Aftalestatus:</Text>
                <AgreementStatusBadge status={status} />
              </HStack>
            )}
            <OwnerField />
          </SimpleGrid>
          <TextareaField name="contractDescription" label="Aftalebeskrivelse" />
          <TextareaField name="supplementalDescription" label="Supplerende beskrivelse" />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextareaField name="additional" label="Supplerende tekst" rows={3} />
            <TextareaField name="internal" label="Intern note" rows={3} />
          </SimpleGrid>
        </Stack>
      </Section>
      {contract && (
        <Section title="Historik">
          <RowsTable label="Historik" headers={['Tidspunkt', 'Hændelse', 'Bruger']}>
            {contract.audit.map((a, i) => (
              <Table.Row key={`${a.at}-${i}`}>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(a.at)}</Table.Cell>
                <Table.Cell>
                  {a.action}
                  {a.toStatus && a.fromStatus !== a.toStatus ? ` → ${CONTRACT_STATUS_LABELS[a.toStatus as keyof typeof CONTRACT_STATUS_LABELS] ?? a.toStatus}` : ''}
                </Table.Cell>
                <Table.Cell>{a.user ?? ''}</Table.Cell>
              </Table.Row>
            ))}
          </RowsTable>
        </Section>
      )}
      {contract && (
        <Section title="Underskrift">
          <RowsTable label="Underskriftsspor" headers={['Tidspunkt (UTC)', 'Hændelse', 'Navn', 'E-mail', 'IP']} empty={contract.signTrail.length ? undefined : 'Aftalen er ikke sendt til underskrift.'}>
            {contract.signTrail.map((s, i) => (
              <Table.Row key={`${s.at}-${i}`}>
                <Table.Cell whiteSpace="nowrap">{s.at.replace('T', ' ').slice(0, 19)}</Table.Cell>
                <Table.Cell>{SIGN_EVENTS[s.event]}</Table.Cell>
                <Table.Cell>{s.name ?? ''}</Table.Cell>
                <Table.Cell>{s.email ?? ''}</Table.Cell>
                <Table.Cell>{s.ip ?? ''}</Table.Cell>
              </Table.Row>
            ))}
          </RowsTable>
        </Section>
      )}
    </Stack>
  );
}

/** Ansvarlig: the club's staff (app.owners, the one list for owner pickers); empty for none. */
function OwnerField() {
  const trpc = useTRPC();
  const owners = useQuery(trpc.app.owners.queryOptions());
  return <AsyncSelectField name="ownerId" label="Ansvarlig" options={[{ value: '', label: 'Ingen ansvarlig' }, ...(owners.data ?? []).map((o) => ({ value: String(o.id), label: o.name || o.email }))]} />;
}

/** Plads: the seat and the title of its event. */
function SeatCell({ line }: { line: ContractLineDraft }) {
  const events = useSeatEvents();
  if (!line.seatEventId) return <>{line.seat ?? ''}</>;
  const event = events.data?.find((e) => e.id === Number(line.seatEventId));
  return (
    <Stack gap="0">
      <Text>{line.seat ?? ''}</Text>
      <Text fontSize="xs" color="fg.muted">
        {event?.title ?? `Arrangement #${String(line.seatEventId)}`}
      </Text>
    </Stack>
  );
}

const SIGN_EVENTS = { sent: 'Sendt til underskrift', opened: 'Åbnet', signed: 'Underskrevet', refused: 'Afvist' } as const;
