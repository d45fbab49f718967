import { Box, Button, Flex, IconButton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ZSeasonUpdateRequest } from '@klubhus/domain';
import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { EditPage, recordPage } from '../../ui/EditPage';
import { AsyncSelectField, CheckboxField, DateField, TextField, useZodForm } from '../../ui/form';
import { Section } from '../../ui/PageHeader';
import type { RecordRoute } from '../../ui/useRecordRoute';
import { formatDateMedium } from '../../ui/format';
type Values = z.input<typeof ZSeasonUpdateRequest>;
type Season = RouterOutputs['seasons']['get'];

function toValues(s: Season | undefined): Values {
  if (!s) return { id: null, title: '', startDate: '', endDate: '', parentId: '', reservations: false, reservationExpires: '', seats: [] };
  return {
    id: s.id,
    title: s.title,
    startDate: s.startDate,
    endDate: s.endDate,
    parentId: s.parentId ? String(s.parentId) : '',
    reservations: s.reservations,
    reservationExpires: s.reservationExpires ?? '',
    seats: (s.seats ?? []).map((x) => ({ chartId: x.chartId ?? '', eventId: x.eventId ?? '', name: x.name ?? '' })),
  };
}

/** /orders/seasons/:id: title, dates, parent season with reservations, and the season's seat-chart events. */
export default recordPage('/orders/seasons', (trpc, id) => trpc.seasons.get.queryOptions({ id }), SeasonForm);

/** The season's form; a season is not offered as its own parent. */
function SeasonForm({ route }: { route: RecordRoute<Season> }) {
  const trpc = useTRPC();
  const form = useZodForm(ZSeasonUpdateRequest, { defaultValues: toValues(route.record) });
  const parents = useQuery(trpc.seasons.parents.queryOptions(route.id ? { id: route.id } : {}));
  const parentOptions = (parents.data ?? []).map((p) => ({ value: String(p.id), label: `${p.title} (${formatDateMedium(p.startDate)} – ${formatDateMedium(p.endDate)})` }));
  return (
    <EditPage route={route} form={form} newHeading="Opret sæson" mutation={trpc.seasons.update.mutationOptions()} invalidate={[trpc.seasons.pathFilter()]}>
      <Section title="Sæson">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Box gridColumn={{ md: 'span 2' }}>
            <TextField name="title" label="Titel" required />
          </Box>
          <DateField name="startDate" label="Startdato" required />
          <DateField name="endDate" label="Slutdato" required />
        </SimpleGrid>
      </Section>
      <Section title="Overordnet sæson">
        <ParentFields options={parentOptions} />
      </Section>
      <SeatsSection />
    </EditPage>
  );
}

function ParentFields({ options }: { options: { value: string; label: string }[] }) {
  const { control, trigger, formState } = useFormContext<Values>();
  const parentId = useWatch({ control, name: 'parentId' });
  const hasParent = !!parentId;
  // Leaving the parent empty makes the expiry optional again: clear a stale 'påkrævet' message.
  useEffect(() => {
    if (!hasParent && formState.errors.reservationExpires) void trigger('reservationExpires');
  }, [hasParent, formState.errors.reservationExpires, trigger]);
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <AsyncSelectField
          name="parentId"
          label="Overordnet sæson"
          placeholder="Ingen"
          options={options}
          helperText="En undersæson kan give indehavere af den overordnede sæsons pladser forkøbsret."
        />
        <DateField name="reservationExpires" label="Reservation udløber" required={hasParent} />
      </SimpleGrid>
      <CheckboxField
        name="reservations"
        label="Reservationer"
        helperText="Pladser fra den overordnede sæson holdes reserveret til deres indehavere indtil udløbsdatoen."
      />
      {!hasParent && (
        <Text fontSize="sm" color="fg.muted">
          Vælg en overordnet sæson for at bruge reservationer.
        </Text>
      )}
    </Stack>
  );
}

function SeatsSection() {
  const { control } = useFormContext<Values>();
  const { fields, append, remove } = useFieldArray({ control, name: 'seats' });
  return (
    <Section
      title="Pladskort"
      actions={
        <Button size="sm" variant="outline" onClick={() => append({ name: '', chartId: '', eventId: '' })}>
          <Plus /> Tilføj pladskort
        </Button>
      }
    >
      <Text fontSize="sm" color="fg.muted" mb="4">
        Sæsonens arrangementer med pladskort. Valg af pladskort fra en liste kommer sammen med pladskortene; indtil da angives
        pladskortets og arrangementets nøgle.
      </Text>
      {fields.length === 0 && <Text color="fg.muted">Ingen elementer blev fundet.</Text>}
      <Stack gap="3">
        {fields.map((f, i) => (
          <Flex key={f.id} gap="3" align="flex-end" wrap={{ base: 'wrap', md: 'nowrap' }} data-testid="season-seat">
            <Box flex="2" minW="40">
              <TextField name={`seats.${i}.name`} label="Navn" />
            </Box>
            <Box flex="1" minW="32">
              <TextField name={`seats.${i}.chartId`} label="Pladskort" />
            </Box>
            <Box flex="1" minW="32">
              <TextField name={`seats.${i}.eventId`} label="Arrangementsnøgle" />
            </Box>
            <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={`Fjern pladskort ${i + 1}`} onClick={() => remove(i)}>
              <Trash2 />
            </IconButton>
          </Flex>
        ))}
      </Stack>
    </Section>
  );
}
