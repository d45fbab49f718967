import { Box, Button, Card, Flex, HStack, IconButton, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { type TModuleUpdateRequest, ZModuleUpdateRequest } from '@klubhus/domain';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { type RouterOutputs, useTRPC } from '../../../lib/trpc';
import { useConfirm } from '../../../ui/confirm';
import { EditPage, recordPage } from '../../../ui/EditPage';
import { CheckboxField, NumberField, StringListField, TextField, useZodForm } from '../../../ui/form';
import { isIconName, ModuleIcon } from '../../../ui/ModuleIcon';
import { Section } from '../../../ui/PageHeader';
import type { RecordRoute } from '../../../ui/useRecordRoute';
import { type AclRuleSetDraft, AclRuleSetModal } from './AclRuleSetModal';
import { ActionsCell, ActionsHeader, EmptyRow } from '../../../ui/TableParts';

type Module = RouterOutputs['modules']['get'];

const EMPTY: TModuleUpdateRequest = {
  id: null,
  name: '',
  alias: '',
  icon: '',
  url: '',
  sorting: '0',
  features: [],
  views: [],
  components: [],
  aclRules: [],
};

/** /settings/modules/:id ('create' for a new module). */
export default recordPage('/settings/modules', (trpc, id) => trpc.modules.get.queryOptions({ id }), ModuleForm);

/** The module's form (English labels, as the platform admin screens have them). Every save refreshes the club configuration too: modules decide which routes clubs see. */
function ModuleForm({ route }: { route: RecordRoute<Module> }) {
  const trpc = useTRPC();
  const m = route.record;
  const form = useZodForm(ZModuleUpdateRequest, { defaultValues: m ? { ...m, url: m.url ?? '', sorting: String(m.sorting) } : EMPTY });
  const name = useWatch({ control: form.control, name: 'name' });
  const heading = m ? `Edit ${m.name}` : 'Create module';
  return (
    <EditPage route={route} form={form} heading={heading} title={m ? `Edit ${name || m.name}` : heading} labels={{ back: 'Cancel', save: 'Save' }}
      mutation={trpc.modules.update.mutationOptions()}
      invalidate={[trpc.modules.pathFilter(), trpc.app.pathFilter()]}
    >
      <BasicsSection />
      <AclRulesSection />
      <FeaturesSection />
      <ViewsSection />
      <ComponentsSection />
    </EditPage>
  );
}

function BasicsSection() {
  const icon = useWatch({ name: 'icon' }) as string;
  return (
    <Section title="Basics">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField name="name" label="Navn" required />
        <TextField name="alias" label="Alias" required helperText="Små bogstaver, tal og bindestreg, fx 'companies'." />
        <HStack align="flex-end" gap="3">
          <Box flex="1">
            <TextField name="icon" label="Ikon" required helperText="Navn på et lucide-ikon, fx 'building-2'." />
          </Box>
          <Flex boxSize="10" mb={icon && !isIconName(icon) ? '6' : '6'} align="center" justify="center" borderWidth="1px" borderRadius="md" bg="bg.muted">
            <ModuleIcon name={icon} size={20} />
          </Flex>
        </HStack>
        <TextField name="url" label="Url" placeholder="/companies" />
        <NumberField name="sorting" label="Sorting" decimals={false} />
      </SimpleGrid>
    </Section>
  );
}

function AclRulesSection() {
  const { control } = useFormContext<TModuleUpdateRequest>();
  const { fields, append, update, remove } = useFieldArray({ control, name: 'aclRules' });
  const confirm = useConfirm();
  const [editing, setEditing] = useState<{ index: number | null } | null>(null);
  const sets = fields as unknown as (AclRuleSetDraft & { id: string })[];
  return (
    <Section
      title="ACL Rules"
      actions={
        <Button size="sm" variant="outline" onClick={() => setEditing({ index: null })}>
          <Plus /> Tilføj regelsæt
        </Button>
      }
    >
      <Table.Root size="sm" aria-label="ACL Rules">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Navn</Table.ColumnHeader>
            <Table.ColumnHeader>Regler</Table.ColumnHeader>
            <ActionsHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {sets.length === 0 && (
            <EmptyRow colSpan={3} />
          )}
          {sets.map((s, i) => (
            <Table.Row key={s.id}>
              <Table.Cell fontWeight="medium">{s.name}</Table.Cell>
              <Table.Cell>
                {s.userACL
                  .map((r) => `${r.inverted ? 'ikke ' : ''}${r.action.join('/')} ${r.subject.join(', ')}`)
                  .join('; ') || '–'}
              </Table.Cell>
              <ActionsCell textAlign="end">
                <Button size="xs" variant="outline" onClick={() => setEditing({ index: i })} aria-label={`Rediger ${s.name}`}>
                  <Pencil /> Rediger
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  aria-label={`Slet ${s.name}`}
                  onClick={async () => {
                    if (await confirm('Er du sikker på at du vil slette dette regelsæt?')) remove(i);
                  }}
                >
                  <Trash2 /> Slet
                </Button>
              </ActionsCell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <AclRuleSetModal
        open={editing !== null}
        value={editing?.index != null ? (sets[editing.index] ?? null) : null}
        otherNames={sets.filter((_, i) => i !== editing?.index).map((s) => s.name)}
        onClose={() => setEditing(null)}
        onSave={(set) => {
          if (editing?.index != null) update(editing.index, set);
          else append(set);
          setEditing(null);
        }}
      />
    </Section>
  );
}

function FeaturesSection() {
  const { control } = useFormContext<TModuleUpdateRequest>();
  const { fields, append, remove } = useFieldArray({ control, name: 'features' });
  return (
    <Section
      title="Features"
      actions={
        <Button size="sm" variant="outline" onClick={() => append({ name: '', alias: '', settings: [] })}>
          <Plus /> Tilføj feature
        </Button>
      }
    >
      {fields.length === 0 && <Text color="fg.muted">Ingen elementer blev fundet.</Text>}
      <Stack gap="4">
        {fields.map((f, i) => (
          <Card.Root key={f.id} variant="outline" size="sm" data-testid="feature">
            <Card.Body>
              <Flex gap="3" align="flex-start">
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" flex="1">
                  <TextField name={`features.${i}.name`} label="Navn" required />
                  <TextField name={`features.${i}.alias`} label="Alias" required />
                </SimpleGrid>
                <IconButton mt="7" size="sm" variant="ghost" colorPalette="red" aria-label={`Fjern feature ${i + 1}`} onClick={() => remove(i)}>
                  <Trash2 />
                </IconButton>
              </Flex>
              <FeatureSettings index={i} />
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    </Section>
  );
}

function FeatureSettings({ index }: { index: number }) {
  const { control } = useFormContext<TModuleUpdateRequest>();
  const { fields, append, remove } = useFieldArray({ control, name: `features.${index}.settings` });
  return (
    <Box mt="4" pl="4" borderLeftWidth="2px" borderColor="border.emphasized">
      <Flex justify="space-between" align="center" mb="2">
        <Text fontSize="sm" fontWeight="semibold">
          Settings
        </Text>
        <Button size="xs" variant="ghost" onClick={() => append({ name: '', public: false, values: [] })}>
          <Plus /> Tilføj setting
        </Button>
      </Flex>
      <Stack gap="3">
        {fields.map((s, j) => (
          <Flex key={s.id} gap="3" align="flex-end" wrap={{ base: 'wrap', md: 'nowrap' }}>
            <Box flex="1" minW="40">
              <TextField name={`features.${index}.settings.${j}.name`} label="Navn" required />
            </Box>
            <Box flex="2" minW="48">
              <StringListField name={`features.${index}.settings.${j}.values`} label="Værdier" placeholder="a, b, c" />
            </Box>
            <Box pb="2">
              <CheckboxField name={`features.${index}.settings.${j}.public`} label="Public" />
            </Box>
            <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={`Fjern setting ${j + 1}`} onClick={() => remove(j)}>
              <Trash2 />
            </IconButton>
          </Flex>
        ))}
      </Stack>
    </Box>
  );
}

function NamedValuesSection({ kind }: { kind: 'views' | 'components' }) {
  const { control } = useFormContext<TModuleUpdateRequest>();
  const views = useFieldArray({ control, name: 'views' });
  const components = useFieldArray({ control, name: 'components' });
  const isViews = kind === 'views';
  const arr = isViews ? views : components;
  const key = isViews ? 'route' : 'name';
  return (
    <Section
      title={isViews ? 'Views' : 'Components'}
      actions={
        <Button
          size="sm"
          variant="outline"
          onClick={() => (isViews ? views.append({ route: '', values: [] }) : components.append({ name: '', values: [] }))}
        >
          <Plus /> {isViews ? 'Tilføj view' : 'Tilføj component'}
        </Button>
      }
    >
      {arr.fields.length === 0 && <Text color="fg.muted">Ingen elementer blev fundet.</Text>}
      <Stack gap="3">
        {arr.fields.map((f, i) => (
          <Flex key={f.id} gap="3" align="flex-end" wrap={{ base: 'wrap', md: 'nowrap' }}>
            <Box flex="1" minW="40">
              <TextField name={`${kind}.${i}.${key}`} label={isViews ? 'Route' : 'Navn'} required />
            </Box>
            <Box flex="2" minW="48">
              <StringListField name={`${kind}.${i}.values`} label="Værdier" placeholder="a, b, c" />
            </Box>
            <IconButton
              size="sm"
              variant="ghost"
              colorPalette="red"
              aria-label={`Fjern ${isViews ? 'view' : 'component'} ${i + 1}`}
              onClick={() => arr.remove(i)}
            >
              <Trash2 />
            </IconButton>
          </Flex>
        ))}
      </Stack>
    </Section>
  );
}

const ViewsSection = () => <NamedValuesSection kind="views" />;
const ComponentsSection = () => <NamedValuesSection kind="components" />;
