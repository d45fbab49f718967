import { Box, Button, Card, Flex, IconButton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { EXTRA_INFO_TYPES } from '@klubhus/domain';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { CheckboxField, SelectField, StringListField, TextField } from '../../../ui/form';
import { Section } from '../../../ui/PageHeader';
import type { Values } from './values';

/** Extra information asked of the buyer per line (title, alias, type, values, multiple). */
export function ExtraInfoSection() {
  const { control } = useFormContext<Values>();
  const { fields, append, remove } = useFieldArray({ control, name: 'extraInfo' });
  const items = (useWatch({ control, name: 'extraInfo' }) as { type?: string }[] | undefined) ?? [];
  return (
    <Section
      title="Ekstra oplysninger"
      actions={
        <Button size="sm" variant="outline" onClick={() => append({ title: '', alias: '', type: 'Text', values: [], multiple: false })}>
          <Plus /> Tilføj felt
        </Button>
      }
    >
      <Text fontSize="sm" color="fg.muted" mb="4">
        Oplysninger køberen udfylder for hver billet eller vare, fx størrelse eller kostpræferencer.
      </Text>
      {fields.length === 0 && <Text color="fg.muted">Ingen elementer blev fundet.</Text>}
      <Stack gap="3">
        {fields.map((f, i) => {
          const t = items[i]?.type ?? 'Text';
          return (
            <Card.Root key={f.id} variant="outline" size="sm" data-testid="extra-info">
              <Card.Body>
                <Flex gap="3" align="flex-start">
                  <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" flex="1">
                    <TextField name={`extraInfo.${i}.title`} label="Titel" required />
                    <TextField name={`extraInfo.${i}.alias`} label="Alias" required />
                    <SelectField name={`extraInfo.${i}.type`} label="Type" required options={EXTRA_INFO_TYPES.map((x) => ({ value: x, label: x }))} />
                    {t !== 'Text' && (
                      <Box gridColumn={{ md: 'span 2' }}>
                        <StringListField name={`extraInfo.${i}.values`} label="Værdier" placeholder="S, M, L" />
                      </Box>
                    )}
                    {t !== 'Text' && (
                      <Box pt={{ md: '8' }}>
                        <CheckboxField name={`extraInfo.${i}.multiple`} label="Flere valg" />
                      </Box>
                    )}
                  </SimpleGrid>
                  <IconButton mt="7" size="sm" variant="ghost" colorPalette="red" aria-label={`Fjern felt ${i + 1}`} onClick={() => remove(i)}>
                    <Trash2 />
                  </IconButton>
                </Flex>
              </Card.Body>
            </Card.Root>
          );
        })}
      </Stack>
    </Section>
  );
}
