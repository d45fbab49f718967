import { Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { formatDKK, INVOICING_TYPES, type InvoicingType, optionalKroner, recurringAmount } from '@klubhus/domain';
import { Plus } from 'lucide-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { CheckboxField, DateField, NumberField, SelectField } from '../../ui/form';
import { Section } from '../../ui/PageHeader';
import { RemovableRow } from './RemovableRow';
import type { OrderValues } from './values';

const TYPE_LABELS: Record<InvoicingType, string> = { single: 'Enkelt faktura', recurring: 'Løbende', rates: 'Rater' };
const ore = (v: unknown) => {
  const r = optionalKroner('x').safeParse(v);
  return r.success ? (r.data ?? 0) : 0;
};

/**
 * The invoicing plan (SPEC §3 Invoicing, §5 date rules): none, a single invoice, recurring
 * invoices (a yearly amount, invoiced every `intervals` months: amount × intervals / 12, plus a fee
 * per interval) or rates (dated amounts, a rate fee in percent on the subtotal, split payments).
 * The invoice date is required once a type is chosen; the prepayment date when a line is prepaid.
 * Type and rate fee change the totals, so they are fixed once the order is approved.
 */
export function InvoicingSection({ draft, total, linesName = 'orderLines' }: { draft: boolean; total: number; linesName?: string }) {
  const { control } = useFormContext<OrderValues>();
  const [type, lines, amount, intervals] = useWatch({ control, name: ['invoicing.type', linesName as 'orderLines', 'invoicing.amount', 'invoicing.intervals'] });
  const periods = useFieldArray({ control, name: 'invoicing.customPeriods' });
  const typed = useWatch({ control, name: 'invoicing.customPeriods' }) ?? [];
  const prePaid = (lines ?? []).some((l) => l.prePayment || (l.options ?? []).some((o) => o.prePayment));
  const months = Number(intervals);
  const perInvoice = type === 'recurring' && months > 0 ? recurringAmount(ore(amount), months) : null;
  const planned = typed.reduce((s, p) => s + ore(p?.amount), 0);
  return (
    <Section title="Fakturering">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <SelectField
            name="invoicing.type"
            label="Faktureringstype"
            disabled={!draft}
            options={[{ value: '', label: 'Ingen fakturering' }, ...INVOICING_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))]}
          />
          {type && <DateField name="invoicing.invoiceDate" label="Fakturadato" required />}
          {type && prePaid && <DateField name="invoicing.prePaymentDate" label="Forudbetalingsdato" required />}
        </SimpleGrid>
        {type === 'recurring' && (
          <SimpleGrid columns={{ base: 1, md: 4 }} gap="4">
            <DateField name="invoicing.startDate" label="Startdato" />
            <NumberField name="invoicing.intervals" label="Interval (måneder)" decimals={false} />
            <NumberField name="invoicing.amount" label="Beløb pr. år (kr.)" helperText={perInvoice !== null ? `Pr. faktura: ${formatDKK(perInvoice)}` : undefined} />
            <NumberField name="invoicing.intervalFee" label="Gebyr pr. interval (kr.)" />
          </SimpleGrid>
        )}
        {type === 'rates' && (
          <Stack gap="3">
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" alignItems="end">
              <NumberField name="invoicing.rateFee" label="Ratetillæg (%)" disabled={!draft} />
              <CheckboxField name="invoicing.splitPayments" label="Del betalingerne op" />
            </SimpleGrid>
            <Text fontWeight="semibold">Rater</Text>
            {periods.fields.map((f, i) => (
              <RemovableRow key={f.id} removeLabel={`Fjern rate ${i + 1}`} onRemove={() => periods.remove(i)}>
                <DateField name={`invoicing.customPeriods.${i}.date`} label={`Dato, rate ${i + 1}`} />
                <NumberField name={`invoicing.customPeriods.${i}.amount`} label={`Beløb, rate ${i + 1} (kr.)`} required />
              </RemovableRow>
            ))}
            <HStack justify="space-between" flexWrap="wrap" gap="2">
              <Button size="xs" variant="ghost" onClick={() => periods.append({ date: '', amount: '' })}>
                <Plus /> Tilføj rate
              </Button>
              {periods.fields.length > 0 && (
                <Text fontSize="sm" color={planned === total ? 'fg.muted' : 'fg.warning'}>
                  Rater i alt {formatDKK(planned)} af {formatDKK(total)}
                </Text>
              )}
            </HStack>
          </Stack>
        )}
      </Stack>
    </Section>
  );
}
