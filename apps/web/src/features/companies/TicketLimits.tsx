import { Box, Button, Heading, HStack, IconButton, Input, NativeSelect, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { utilizationBar } from '@klubhus/domain';
import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { useTRPC } from '../../lib/trpc';
import { useFieldError } from '../../ui/form';
import { Section } from '../../ui/PageHeader';
import { ActionsHeader } from '../../ui/TableParts';

type LimitRow = { productId: string | number; maxAmount: string | number | null };

/**
 * Ticket limits per event type (SPEC §3: by event type id, a list of productId
 * and maxAmount; the max may be empty). The editor shows only when the server
 * has event types; until events exist it says so.
 */
export function TicketLimitsSection() {
  const trpc = useTRPC();
  const q = useQuery(trpc.companies.eventTypes.queryOptions());
  const types = q.data?.result ?? [];
  return (
    <Section title="Billetgrænser">
      {q.isLoading ? null : types.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          Der er endnu ingen arrangementstyper. Når klubben opretter arrangementstyper med billetter, kan du her angive, hvor mange billetter
          virksomheden højst kan få pr. produkt.
        </Text>
      ) : (
        <Stack gap="6">
          {types.map((t) => (
            <EventTypeLimits key={t.id} typeId={t.id} title={t.title} products={(q.data?.products ?? []).filter((p) => p.typeId === t.id)} />
          ))}
        </Stack>
      )}
    </Section>
  );
}

function EventTypeLimits({ typeId, title, products }: { typeId: number; title: string; products: { id: number; title: string }[] }) {
  const { control, register } = useFormContext();
  const name = `ticketLimits.${typeId}`;
  const { fields, append, remove } = useFieldArray({ control, name });
  const rows = fields as unknown as (LimitRow & { id: string })[];
  return (
    <Box>
      <HStack justify="space-between" mb="2">
        <Heading as="h3" size="sm">
          {title}
        </Heading>
        <Button size="xs" variant="outline" onClick={() => append({ productId: '', maxAmount: '' })} disabled={products.length === 0}>
          <Plus /> Tilføj produkt
        </Button>
      </HStack>
      {rows.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          Ingen grænser for denne type.
        </Text>
      ) : (
        <Table.Root size="sm" aria-label={`Billetgrænser for ${title}`}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Produkt</Table.ColumnHeader>
              <Table.ColumnHeader>Maks. antal</Table.ColumnHeader>
              <ActionsHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((r, i) => (
              <LimitRowView key={r.id} base={`${name}.${i}`} products={products} onRemove={() => remove(i)} register={register} control={control} />
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Box>
  );
}

function LimitRowView({
  base,
  products,
  onRemove,
  register,
  control,
}: {
  base: string;
  products: { id: number; title: string }[];
  onRemove: () => void;
  register: ReturnType<typeof useFormContext>['register'];
  control: ReturnType<typeof useFormContext>['control'];
}) {
  const productError = useFieldError(`${base}.productId`);
  const amountError = useFieldError(`${base}.maxAmount`);
  return (
    <Table.Row>
      <Table.Cell>
        <NativeSelect.Root size="sm" invalid={!!productError}>
          <NativeSelect.Field bg="bg" aria-label="Produkt" {...register(`${base}.productId`)}>
            <option value="">Vælg produkt</option>
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {productError && (
          <Text color="fg.error" fontSize="xs">
            {productError}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>
        <Controller
          control={control}
          name={`${base}.maxAmount`}
          render={({ field }) => (
            <Input
              size="sm"
              bg="bg"
              inputMode="numeric"
              aria-label="Maks. antal"
              placeholder="Ubegrænset"
              value={field.value === null || field.value === undefined ? '' : String(field.value)}
              onChange={(e) => field.onChange(e.target.value)}
              onBlur={field.onBlur}
            />
          )}
        />
        {amountError && (
          <Text color="fg.error" fontSize="xs">
            {amountError}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell textAlign="end">
        <IconButton size="xs" variant="ghost" colorPalette="red" aria-label="Fjern" onClick={onRemove}>
          <Trash2 />
        </IconButton>
      </Table.Cell>
    </Table.Row>
  );
}

/** Ticket utilization per product of a saved company (SPEC §2), bars capped at 100. */
export function TicketUtilizationSection({ companyId }: { companyId: number }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.companies.ticketUtilization.queryOptions({ id: companyId }));
  const rows = q.data ?? [];
  return (
    <Section title="Billetforbrug">
      {rows.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          Virksomheden har endnu ikke brugt billetter.
        </Text>
      ) : (
        <Stack gap="3">
          {rows.map((r) => (
            <Box key={r.id}>
              <HStack justify="space-between" fontSize="sm">
                <Text>{r.product}</Text>
                <Text color="fg.muted">
                  {r.used} / {r.total}
                </Text>
              </HStack>
              <Progress.Root value={utilizationBar(r.utilization)} size="sm" colorPalette={r.utilization >= 100 ? 'red' : 'brand'}>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            </Box>
          ))}
        </Stack>
      )}
    </Section>
  );
}
