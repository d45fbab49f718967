import { Box, Button, Flex, HStack, NativeSelect, SimpleGrid, Table, Text } from '@chakra-ui/react';
import {
  fromPretixPlan,
  generateSection,
  MAX_SEATS_PER_CHART,
  optionalDecimal,
  removeSeats,
  SEATING_MSG,
  seatCount,
  seatMapLayout,
  type TChartSection,
  type TSeatCategory,
  type TSeatingPlan,
  text,
  toPretixPlan,
  transformSection,
  updateSeats,
  ZSeatCategory,
  ZSeatingChartUpdateRequest,
  ZSectionLayout,
} from '@klubhus/domain';
import { Download, Plus, Upload } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { saveBlob } from '../../../lib/transfer';
import { type RouterOutputs, useTRPC } from '../../../lib/trpc';
import { useConfirm } from '../../../ui/confirm';
import { EditPage, recordPage } from '../../../ui/EditPage';
import { CheckboxField, NumberField, SelectField, TextField, useFieldError, useZodForm } from '../../../ui/form';
import { formatCount } from '../../../ui/format';
import { FormModal, ModalRowsSection, useFormRows } from '../../../ui/ModalRowsSection';
import { Section } from '../../../ui/PageHeader';
import { RowActions } from '../../../ui/RowActions';
import { SeatLegend } from '../../../ui/seatmap/SeatLegend';
import { SeatMap, useSeatSelection } from '../../../ui/seatmap/SeatMap';
import { ActionsHeader, EmptyRow } from '../../../ui/TableParts';
import { notify } from '../../../ui/toaster';
import { type RecordRoute, useRecordDelete } from '../../../ui/useRecordRoute';

type Chart = RouterOutputs['seatingCharts']['get'];
type Values = z.input<typeof ZSeatingChartUpdateRequest>;

/** A new chart starts with the two categories most clubs need. */
const NEW_PLAN: TSeatingPlan = {
  categories: [
    { key: 'S', label: 'Standard', color: '#3372f9', accessible: false },
    { key: 'H', label: 'Kørestol', color: '#22aa55', accessible: true },
  ],
  sections: [],
};

/** /events/charts/:id ('create' for new): the chart editor — categories, sections drawn from rows × seats, seats chosen on the map and changed, pretix import and export. */
export default recordPage('/events/charts', (trpc, id) => trpc.seatingCharts.get.queryOptions({ id }), ChartForm);

function ChartForm({ route }: { route: RecordRoute<Chart> }) {
  const trpc = useTRPC();
  const chart = route.record;
  const form = useZodForm(ZSeatingChartUpdateRequest, { defaultValues: { id: chart?.id ?? null, name: chart?.name ?? '', plan: chart?.plan ?? NEW_PLAN } as Values });
  const remove = useRecordDelete(route, { mutation: trpc.seatingCharts.delete.mutationOptions(), invalidate: [trpc.seatingCharts.pathFilter()] });
  return (
    <EditPage
      route={route}
      form={form}
      titleField="name"
      newHeading={SEATING_MSG.createChart}
      mutation={trpc.seatingCharts.update.mutationOptions()}
      invalidate={[trpc.seatingCharts.pathFilter()]}
      remove={{ confirm: SEATING_MSG.confirmDeleteChart, mutation: remove }}
    >
      <ChartSection events={chart?.events ?? 0} />
      <CategoriesSection />
      <SectionsSection />
      <DrawingSection />
    </EditPage>
  );
}

/** The plan of the form, and a setter that marks the form changed. */
function usePlan() {
  const { setValue } = useFormContext<Values>();
  const plan = useWatch<Values, 'plan'>({ name: 'plan' }) as TSeatingPlan;
  const setPlan = (next: TSeatingPlan) => {
    if (seatCount(next) > MAX_SEATS_PER_CHART) {
      notify.error(SEATING_MSG.tooManySeatsChart);
      return false;
    }
    setValue('plan', next, { shouldDirty: true, shouldValidate: false });
    return true;
  };
  return { plan, setPlan };
}

function ChartSection({ events }: { events: number }) {
  const { plan, setPlan } = usePlan();
  const { getValues, setValue } = useFormContext<Values>();
  const confirm = useConfirm();
  const file = useRef<HTMLInputElement>(null);
  const planError = useFieldError('plan');

  const importFile = async (f: File) => {
    let json: unknown;
    try {
      json = JSON.parse(await f.text());
    } catch {
      notify.error(SEATING_MSG.invalidPlan);
      return;
    }
    const result = fromPretixPlan(json);
    if (!result.ok) {
      notify.error(result.message);
      return;
    }
    if (plan.sections.length && !(await confirm('Den importerede pladsplan erstatter salsplanens sektioner og kategorier. Vil du fortsætte?', { confirmLabel: 'Importér' })))
      return;
    if (setPlan(result.plan)) {
      const name = (json as { name?: unknown }).name;
      if (!getValues('name') && typeof name === 'string') setValue('name', name.slice(0, 100), { shouldDirty: true });
      notify.success(`Pladsplanen blev importeret: ${formatCount(seatCount(result.plan))} pladser.`);
    }
  };
  const exportFile = () => {
    const name = getValues('name') || 'Salsplan';
    saveBlob(new Blob([JSON.stringify(toPretixPlan(name, plan), null, 2)], { type: 'application/json' }), `${name}.json`);
  };

  return (
    <Section
      title="Salsplan"
      actions={
        <HStack gap="2">
          <input
            ref={file}
            type="file"
            accept=".json,application/json"
            hidden
            aria-label="Vælg pladsplan (pretix JSON)"
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void importFile(f);
            }}
          />
          <Button size="sm" variant="outline" onClick={() => file.current?.click()}>
            <Upload /> Importér
          </Button>
          <Button size="sm" variant="outline" onClick={exportFile} disabled={plan.sections.length === 0}>
            <Download /> Eksportér
          </Button>
        </HStack>
      }
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField name="name" label="Navn" required />
        <Box alignSelf="end" color="fg.muted">
          {plan.sections.length === 1 ? '1 sektion' : `${formatCount(plan.sections.length)} sektioner`} · {formatCount(seatCount(plan))} pladser
        </Box>
      </SimpleGrid>
      <Text mt="3" fontSize="sm" color="fg.muted">
        Import og eksport bruger pretix' åbne pladsplanformat (JSON).
        {events > 0 && ` Salsplanen bruges af ${events === 1 ? 'ét arrangement' : `${events} arrangementer`}; de har deres egen kopi og ændres ikke af ændringer her.`}
      </Text>
      {planError && (
        <Text color="fg.error" mt="3" role="alert">
          {planError}
        </Text>
      )}
    </Section>
  );
}

function CategoriesSection() {
  const rows = useFormRows<TSeatCategory>('plan.categories');
  const { plan } = usePlan();
  const used = (key: string) => plan.sections.some((s) => s.rows.some((r) => r.seats.some((seat) => seat.category === key)));
  return (
    <ModalRowsSection<TSeatCategory>
      {...rows}
      onDelete={(i) => {
        if (used(rows.rows[i].key)) notify.error('Kategorien bruges af pladser i salsplanen. Giv pladserne en anden kategori først.');
        else rows.onDelete(i);
      }}
      title="Kategorier"
      addLabel="Tilføj kategori"
      editTitle="Rediger kategori"
      rowKey={(c, i) => `${c.key}-${i}`}
      rowLabel={(c) => `kategori ${c.label}`}
      confirmText="Er du sikker på at du vil slette denne kategori?"
      columns={[
        {
          header: 'Navn',
          cell: (c) => (
            <HStack gap="2">
              <Box w="3" h="3" borderRadius="full" bg={c.color} aria-hidden="true" />
              {c.label}
            </HStack>
          ),
          cellProps: { fontWeight: 'medium' },
        },
        { header: 'Nøgle', cell: (c) => c.key },
        { header: 'Kørestol', cell: (c) => (c.accessible ? 'Ja' : 'Nej') },
      ]}
      modal={{
        testId: 'category-modal',
        schema: ZSeatCategory,
        newRow: () => ({ key: '', label: '', color: '#3372f9', accessible: false }),
        fields: (
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <TextField name="label" label="Navn" required />
            <TextField name="key" label="Nøgle" required helperText="Kort kode, fx A eller VIP." />
            <TextField name="color" label="Farve" required type="color" />
            <CheckboxField name="accessible" label="Kørestolspladser" />
          </SimpleGrid>
        ),
      }}
    />
  );
}

const nextKey = (taken: string[]) => {
  for (let i = 0; ; i++) {
    const k = i < 26 ? String.fromCharCode(65 + i) : `S${i + 1}`;
    if (!taken.includes(k)) return k;
  }
};

const ROW_NUMBERING = [
  { value: 'numbers', label: 'Tal (1, 2, 3 …)' },
  { value: 'letters', label: 'Bogstaver (A, B, C …)' },
];
const SEAT_NUMBERING = [
  { value: 'ltr', label: 'Fra venstre' },
  { value: 'rtl', label: 'Fra højre' },
];

const ZSectionChange = z.object({
  name: text('Navn', 100),
  dx: optionalDecimal('Flyt vandret', { min: -100_000, max: 100_000 }),
  dy: optionalDecimal('Flyt lodret', { min: -100_000, max: 100_000 }),
  rotate: optionalDecimal('Drej', { min: -360, max: 360 }),
});

function SectionsSection() {
  const { plan, setPlan } = usePlan();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const keys = plan.sections.map((s) => s.key);
  const seatsIn = (s: TChartSection) => s.rows.reduce((n, r) => n + r.seats.length, 0);
  const addSchema = useMemo(() => ZSectionLayout.refine((v) => !keys.includes(v.key), { message: 'Der findes allerede en sektion med den nøgle', path: ['key'] }), [keys]);
  const below = useMemo(() => {
    const ys = plan.sections.flatMap((s) => s.rows.flatMap((r) => r.seats.map((x) => x.position.y)));
    const xs = plan.sections.flatMap((s) => s.rows.flatMap((r) => r.seats.map((x) => x.position.x)));
    return ys.length ? { x: String(Math.min(...xs)), y: String(Math.max(...ys) + 100) } : { x: '0', y: '0' };
  }, [plan.sections]);
  const current = editing === null ? null : plan.sections[editing];
  const categories = plan.categories.map((c) => ({ value: c.key, label: c.label }));

  return (
    <Section
      title="Sektioner"
      actions={
        <Button size="sm" variant="outline" onClick={() => setAdding(true)} disabled={categories.length === 0}>
          <Plus /> Tilføj sektion
        </Button>
      }
    >
      <Box overflowX="auto">
        <Table.Root size="sm" aria-label="Sektioner">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Navn</Table.ColumnHeader>
              <Table.ColumnHeader>Nøgle</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Rækker</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Pladser</Table.ColumnHeader>
              <ActionsHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {plan.sections.length === 0 && <EmptyRow colSpan={5}>Tilføj en sektion, eller importér en pladsplan.</EmptyRow>}
            {plan.sections.map((s, i) => (
              <Table.Row key={s.key}>
                <Table.Cell fontWeight="medium">{s.name}</Table.Cell>
                <Table.Cell>{s.key}</Table.Cell>
                <Table.Cell textAlign="end">{formatCount(s.rows.length)}</Table.Cell>
                <Table.Cell textAlign="end">{formatCount(seatsIn(s))}</Table.Cell>
                <Table.Cell>
                  <RowActions
                    name={`sektion ${s.name}`}
                    onEdit={() => setEditing(i)}
                    confirmText="Er du sikker på at du vil slette denne sektion?"
                    onDelete={() => setPlan({ ...plan, sections: plan.sections.filter((_, j) => j !== i) })}
                  />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <FormModal
        open={adding}
        title="Tilføj sektion"
        testId="section-modal"
        schema={addSchema}
        submitLabel="Tilføj"
        defaultValues={{
          key: nextKey(keys),
          name: `Sektion ${nextKey(keys)}`,
          rows: '10',
          seatsPerRow: '20',
          category: categories[0]?.value ?? '',
          origin: below,
          seatSpacing: '',
          rowSpacing: '',
          curve: '',
          rotation: '',
          rowNumbering: 'numbers',
          seatNumbering: 'ltr',
          firstRow: '',
          firstSeat: '',
        }}
        onClose={() => setAdding(false)}
        onSave={(values) => {
          if (setPlan({ ...plan, sections: [...plan.sections, generateSection(values as z.input<typeof ZSectionLayout>)] })) setAdding(false);
        }}
      >
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextField name="name" label="Navn" required />
          <TextField name="key" label="Nøgle" required helperText="Indgår i pladsens kode, fx A-12-7." />
          <NumberField name="rows" label="Rækker" required decimals={false} />
          <NumberField name="seatsPerRow" label="Pladser pr. række" required decimals={false} />
          <SelectField name="category" label="Kategori" options={categories} />
          <NumberField name="curve" label="Kurve (grader)" helperText="0 giver lige rækker." />
          <SelectField name="rowNumbering" label="Rækkenumre" options={ROW_NUMBERING} />
          <SelectField name="seatNumbering" label="Pladsnumre" options={SEAT_NUMBERING} />
          <NumberField name="firstRow" label="Første række" decimals={false} />
          <NumberField name="firstSeat" label="Første plads" decimals={false} />
          <NumberField name="seatSpacing" label="Afstand mellem pladser" helperText="Standard 30." />
          <NumberField name="rowSpacing" label="Afstand mellem rækker" helperText="Standard 35." />
          <NumberField name="origin.x" label="Placering X" />
          <NumberField name="origin.y" label="Placering Y" />
          <NumberField name="rotation" label="Rotation (grader)" />
        </SimpleGrid>
      </FormModal>
      <FormModal
        open={current !== null}
        title="Rediger sektion"
        testId="section-edit-modal"
        schema={ZSectionChange}
        defaultValues={{ name: current?.name ?? '', dx: '', dy: '', rotate: '' }}
        onClose={() => setEditing(null)}
        onSave={(values) => {
          const v = ZSectionChange.parse(values);
          const moved = transformSection({ ...(current as TChartSection), name: v.name }, { dx: v.dx ?? 0, dy: v.dy ?? 0, rotate: v.rotate ?? 0 });
          setPlan({ ...plan, sections: plan.sections.map((s, j) => (j === editing ? moved : s)) });
          setEditing(null);
        }}
      >
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextField name="name" label="Navn" required />
          <NumberField name="rotate" label="Drej (grader)" helperText="Med uret, om sektionens midte." />
          <NumberField name="dx" label="Flyt vandret" helperText="Negativ mod venstre." />
          <NumberField name="dy" label="Flyt lodret" helperText="Negativ opad." />
        </SimpleGrid>
      </FormModal>
    </Section>
  );
}

/** The chart drawn with the shared renderer: seats chosen by click or box get a category, the wheelchair mark, or go. */
function DrawingSection() {
  const { plan, setPlan } = usePlan();
  const confirm = useConfirm();
  const layout = useMemo(() => seatMapLayout(plan), [plan]);
  const { selected, onSelect, clear } = useSeatSelection();
  const [category, setCategory] = useState('');
  const chosen = selected.size;
  const apply = (next: TSeatingPlan) => {
    if (setPlan(next)) clear();
  };
  if (!plan.sections.length) return null;
  return (
    <Section title="Tegning">
      <Flex gap="2" wrap="wrap" align="center" mb="3">
        <Text aria-live="polite" minW="36">
          {chosen === 1 ? '1 plads markeret' : `${formatCount(chosen)} pladser markeret`}
        </Text>
        <NativeSelect.Root size="sm" width="auto" disabled={!chosen}>
          <NativeSelect.Field aria-label="Kategori til markerede pladser" value={category} onChange={(e) => setCategory(e.target.value)} placeholder="Vælg kategori">
            {plan.categories.map((c) => (
              <option key={c.key} value={c.key}>
                {c.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button size="sm" variant="outline" disabled={!chosen || !category} onClick={() => apply(updateSeats(plan, selected, { category }))}>
          Sæt kategori
        </Button>
        <Button size="sm" variant="outline" disabled={!chosen} onClick={() => apply(updateSeats(plan, selected, { accessible: true }))}>
          Kørestolsplads
        </Button>
        <Button size="sm" variant="outline" disabled={!chosen} onClick={() => apply(updateSeats(plan, selected, { accessible: false }))}>
          Ikke kørestolsplads
        </Button>
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          disabled={!chosen}
          onClick={async () => {
            if (await confirm('Er du sikker på at du vil fjerne de markerede pladser?', { confirmLabel: 'Fjern' })) apply(removeSeats(plan, selected));
          }}
        >
          Fjern pladser
        </Button>
        <Button size="sm" variant="ghost" disabled={!chosen} onClick={clear}>
          Ryd markering
        </Button>
      </Flex>
      <SeatMap
        layout={layout}
        label="Salsplanens pladser"
        selected={selected}
        lasso
        onSelect={onSelect}
      />
      <Box mt="3">
        <SeatLegend layout={layout} looks={[]} extra={['selected']} />
      </Box>
    </Section>
  );
}
