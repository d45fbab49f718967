import { SimpleGrid, Stack } from '@chakra-ui/react';
import { TABLE_CARD_FORMATS, TABLE_CARD_ORIENTATIONS } from '@klubhus/domain';
import { SelectField } from '../../../ui/form';
import { Section } from '../../../ui/PageHeader';
import { TablesSection } from '../../gate/TablesSection';
import { CheckboxGroupField } from './fields';
import { useTicketProducts } from './TicketsTab';
import { UploadField } from './uploads';
import type { Event } from './values';

const ORIENTATION_LABELS: Record<(typeof TABLE_CARD_ORIENTATIONS)[number], string> = { Portrait: 'Stående', Landscape: 'Liggende' };

/** Bordplan (SPEC §3 tablePlan, §9): bordkort format and orientation, background, the products seated at tables. */
export function TablePlanTab({ event, uploads }: { event?: Event; uploads: boolean }) {
  const products = useTicketProducts();
  return (
    <>
    <Section title="Bordplan">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <SelectField name="tablePlan.cardFormat" label="Bordkort format" options={TABLE_CARD_FORMATS.map((f) => ({ value: f, label: f }))} />
          <SelectField
            name="tablePlan.cardOrientation"
            label="Bordkort retning"
            options={TABLE_CARD_ORIENTATIONS.map((o) => ({ value: o, label: ORIENTATION_LABELS[o] }))}
          />
        </SimpleGrid>
        {uploads && <UploadField upload="cardPictureFile" refName="tablePlan.cardPicture" label="Bordkort baggrund" currentUrl={event?.tablePlan.cardPicture?.url} />}
        <CheckboxGroupField name="tablePlan.productIds" label="Billetter ved bordene" options={products.map((p) => ({ value: p.id, label: p.title }))} />
      </Stack>
    </Section>
    {event && <TablesSection eventId={event.id} />}
    </>
  );
}
