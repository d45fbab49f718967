import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import { CONTRACT_AMOUNT_TYPES, CONTRACT_SETUP_TYPES, CONTRACT_UNITS, isAmountType, isNumberSetup } from '@klubhus/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTRPC } from '../../../lib/trpc';
import { AsyncSelectField, CheckboxField, SelectField, TextField } from '../../../ui/form';
import { Section } from '../../../ui/PageHeader';
import type { Values } from './values';

const SETUP_LABELS: Record<(typeof CONTRACT_SETUP_TYPES)[number], string> = {
  checkbox: 'Afkrydsning',
  number: 'Antal',
  text: 'Tekst',
  'number-text': 'Antal og tekst',
};
const AMOUNT_TYPE_LABELS: Record<(typeof CONTRACT_AMOUNT_TYPES)[number], string> = { amount: 'Antal', price: 'Pris', 'amount-price': 'Antal og pris' };
const UNIT_LABELS: Record<(typeof CONTRACT_UNITS)[number], string> = { stk: 'stk.', person: 'pers.' };


/**
 * Seat categories of a seat ticket: which of the club's seating charts and which category on it the
 * ticket sells (chosen from the charts; typed by hand for a club without the events module).
 */
export function SeatsSection() {
  const trpc = useTRPC();
  const type = useWatch({ name: 'type' });
  const chartId = useWatch({ name: 'seats.chartId' }) as string | null | undefined;
  const charts = useQuery({ ...trpc.seatingCharts.options.queryOptions(), enabled: type === 'seat-ticket', retry: false });
  if (type !== 'seat-ticket') return null;
  const chart = charts.data?.find((c) => String(c.id) === String(chartId ?? ''));
  return (
    <Section title="Pladskategorier">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {charts.data ? (
          <>
            <AsyncSelectField name="seats.chartId" label="Salsplan" placeholder="Vælg salsplan" options={charts.data.map((c) => ({ value: String(c.id), label: c.name }))} />
            <AsyncSelectField
              name="seats.category"
              label="Kategori"
              placeholder="Vælg kategori"
              options={(chart?.categories ?? []).map((c) => ({ value: c.key, label: c.accessible ? `${c.label} (kørestol)` : c.label }))}
            />
          </>
        ) : (
          <>
            <TextField name="seats.chartId" label="Salsplan" />
            <TextField name="seats.category" label="Kategori" />
          </>
        )}
      </SimpleGrid>
      <Text mt="3" fontSize="sm" color="fg.muted">
        Billetten sælger pladser i denne kategori på salsplanen.
      </Text>
    </Section>
  );
}

/** How the product is put on an agreement (contracts feature): type, amount type for number types, unit for amount types. */
export function ContractSetupSection() {
  const { control, setValue } = useFormContext<Values>();
  const setup = useWatch({ control, name: 'contractSetup' }) as { type?: string; amountType?: string | null } | null | undefined;
  const type = setup?.type ?? '';
  const amountType = setup?.amountType ?? '';
  const prevType = useRef(type);
  useEffect(() => {
    if (prevType.current === type) return;
    prevType.current = type;
    if (!isNumberSetup(type)) {
      setValue('contractSetup.amountType', '');
      setValue('contractSetup.unit', '');
    }
  }, [type, setValue]);
  if (setup === null || setup === undefined) return null;
  return (
    <Section title="Opsætning på aftaler">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <SetupSelect field="type" label="Type" values={CONTRACT_SETUP_TYPES} labels={SETUP_LABELS} />
        {isNumberSetup(type) && <SetupSelect field="amountType" label="Antalstype" values={CONTRACT_AMOUNT_TYPES} labels={AMOUNT_TYPE_LABELS} />}
        {isNumberSetup(type) && isAmountType(amountType) && <SetupSelect field="unit" label="Enhed" values={CONTRACT_UNITS} labels={UNIT_LABELS} />}
      </SimpleGrid>
      <Box mt="4">
        <CheckboxField name="contractSetup.preSelected" label="Forvalgt på nye aftaler" />
      </Box>
    </Section>
  );
}

/** A required choice of the agreement setup ('Vælg type'), its values by their labels. */
function SetupSelect<T extends string>({ field, label, values, labels }: { field: 'type' | 'amountType' | 'unit'; label: string; values: readonly T[]; labels: Record<T, string> }) {
  return <SelectField name={`contractSetup.${field}`} label={label} required placeholder={`Vælg ${label.toLowerCase()}`} options={values.map((v) => ({ value: v, label: labels[v] }))} />;
}
