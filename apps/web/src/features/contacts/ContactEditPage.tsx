import { Badge, Box, Grid, IconButton, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { CONTACT_MSG, type TContactUpdateRequest, ZContactUpdateRequest } from '@klubhus/domain';
import { MSG } from '@klubhus/domain/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useAppState } from '../../lib/appState';
import { type RouterOutputs, useTRPC, useTRPCClient } from '../../lib/trpc';
import { EditPage, recordPage } from '../../ui/EditPage';
import { CheckboxField, ImageFileField, TextareaField, TextField, useZodForm } from '../../ui/form';
import { Section } from '../../ui/PageHeader';
import { type RecordRoute, useRecordDelete, useRecordSave } from '../../ui/useRecordRoute';
import { ExtraInfoFields, extraInfoDefinitions, extraInfoFormValues } from '../companies/ExtraInfoFields';
import { toUpload } from '../../lib/transfer';
import { MultiSelectPicker, type PickerOption } from './MultiSelectPicker';
import { useCompanyOptions, useContactListOptions } from './searchOptions';
import { EmptyRow } from '../../ui/TableParts';
import { useConfirm } from '../../ui/confirm';
import { useSaveMutation } from '../../ui/save';
import { Trash2 } from 'lucide-react';

type Contact = RouterOutputs['contacts']['get'];
type ContactOut = z.output<typeof ZContactUpdateRequest>;

/** /contacts/:id ('create' for a new contact). */
export default recordPage('/contacts', (trpc, id) => trpc.contacts.get.queryOptions({ id }), ContactScreen);

function formValues(c: Contact | null, defs: ReturnType<typeof extraInfoDefinitions>, companyIds: number[] = []): TContactUpdateRequest {
  return {
    id: c?.id ?? null,
    firstname: c?.firstname ?? '',
    lastname: c?.lastname ?? '',
    email: c?.email ?? '',
    phone: c?.phone ?? '',
    mobile: c?.mobile ?? '',
    linkedin: c?.linkedin ?? '',
    about: c?.about ?? '',
    highlighted: c?.highlighted ?? false,
    noInvitations: c?.noInvitations ?? false,
    extraInfo: extraInfoFormValues(defs, c?.extraInfo),
    companyIds: c?.companyIds ?? companyIds,
    listIds: c?.listIds ?? [],
  };
}

function ContactScreen({ route }: { route: RecordRoute<Contact> }) {
  const contact = route.record ?? null;
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const app = useAppState();
  const [params] = useSearchParams();
  const defs = extraInfoDefinitions(app.client?.settings.contacts.extraInfo);
  const presetCompany = Number(params.get('companyId')) || null;
  const form = useZodForm(ZContactUpdateRequest, { defaultValues: formValues(contact, defs, presetCompany ? [presetCompany] : []) });
  const [pictureFile, setPictureFile] = useState<File | null>(null);
  const [companies, setCompanies] = useState<PickerOption[]>(
    (contact?.companies ?? []).map((c) => ({ id: c.id, label: c.name, sub: [c.cvr, c.city].filter(Boolean).join(' · ') })),
  );
  const [lists, setLists] = useState<PickerOption[]>((contact?.lists ?? []).map((l) => ({ id: l.id, label: l.title })));
  const companyOptions = useCompanyOptions();
  const listOptions = useContactListOptions();
  /** A picker's change: its tags, and the ids in the form. */
  const choose = (name: 'companyIds' | 'listIds', set: (s: PickerOption[]) => void) => (next: PickerOption[]) => {
    set(next);
    form.setValue(
      name,
      next.map((c) => c.id),
      { shouldDirty: true },
    );
  };
  const picture = useWatch({ control: form.control, name: 'picture' });
  const first = useWatch({ control: form.control, name: 'firstname' }) as string;
  const last = useWatch({ control: form.control, name: 'lastname' }) as string;
  const pictureUrl = picture === null ? null : contact?.pictureUrl;

  // A company preset from ?companyId= (coming from a company) is shown by name.
  const preset = useQuery({ ...trpc.companies.search.queryOptions({ ids: presetCompany ? [presetCompany] : [] }), enabled: !contact && !!presetCompany });
  useEffect(() => {
    if (preset.data?.length) setCompanies(preset.data.map((c) => ({ id: c.id, label: c.name })));
  }, [preset.data]);

  const save = useRecordSave(route, form, {
    mutation: {
      mutationFn: async (values: ContactOut): Promise<{ id: number; created: boolean; message: string }> => {
        return client.contacts.update.mutate({ ...values, pictureFile: pictureFile ? [await toUpload(pictureFile)] : undefined });
      },
    },
    invalidate: [trpc.contacts.pathFilter(), trpc.companies.pathFilter()],
    onSaved: async (r) => {
      setPictureFile(null);
      const fresh = await queryClient.fetchQuery(trpc.contacts.get.queryOptions({ id: r.id }));
      form.reset(formValues(fresh, defs));
    },
  });
  const remove = useRecordDelete(route, { mutation: trpc.contacts.delete.mutationOptions(), invalidate: [trpc.contacts.pathFilter()] });

  const name = `${first ?? ''} ${last ?? ''}`.trim();
  return (
    <EditPage
      route={route}
      form={form}
      heading={contact ? `${contact.firstname} ${contact.lastname}` : 'Opret kontakt'}
      title={contact ? name || `${contact.firstname} ${contact.lastname}` : 'Opret kontakt'}
      saving={save.isPending}
      remove={{ confirm: MSG.confirmDeleteContact, mutation: remove }}
      onSubmit={(values) => save.mutate({ ...values, id: route.id })}
    >
      <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="6" alignItems="start">
        <Box minW="0">
          <Section title="Kontakt">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              <TextField name="firstname" label="Fornavn" required />
              <TextField name="lastname" label="Efternavn" required />
              <TextField name="email" label="E-mail" type="email" required />
              <TextField name="linkedin" label="LinkedIn" type="url" placeholder="https://www.linkedin.com/in/..." />
              <TextField name="phone" label="Telefon" type="tel" />
              <TextField name="mobile" label="Mobil" type="tel" />
              <Box gridColumn={{ md: 'span 2' }}>
                <TextareaField name="about" label="Om" />
              </Box>
              <Stack gap="3" gridColumn={{ md: 'span 2' }}>
                <CheckboxField name="highlighted" label="Fremhævet" helperText="Fremhævede kontakter vises først hos virksomheden." />
                <CheckboxField name="noInvitations" label="Modtager ikke invitationer" />
              </Stack>
            </SimpleGrid>
          </Section>
          <Section title="Ekstra oplysninger">
            <ExtraInfoFields definitions={defs} />
          </Section>
          {contact && <PaymentCardsSection contactId={contact.id} cards={contact.paymentCards} />}
        </Box>
        <Box minW="0">
          <Section title="Billede">
            <ImageFileField
              name="picture"
              label="Billede"
              url={pictureUrl}
              file={pictureFile}
              onFile={setPictureFile}
              onRemove={() => form.setValue('picture', null, { shouldDirty: true })}
            />
          </Section>
          {(
            [
              ['Virksomheder', 'Tilføj virksomhed', 'companyIds', companies, setCompanies, companyOptions, '/companies'],
              ['Kontaktlister', 'Tilføj til kontaktliste', 'listIds', lists, setLists, listOptions, '/contacts/contact-lists'],
            ] as const
          ).map(([title, label, name, selected, set, search, base]) => (
            <Section key={name} title={title}>
              <MultiSelectPicker label={label} selected={selected} onChange={choose(name, set)} linkTo={(o) => `${base}/${o.id}`} {...search} />
            </Section>
          ))}
        </Box>
      </Grid>
    </EditPage>
  );
}

/** The contact's saved cards (the provider keeps the card; we show its type, last digits and expiry) with delete. */
function PaymentCardsSection({ contactId, cards }: { contactId: number; cards: Contact['paymentCards'] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const remove = useSaveMutation({
    mutation: trpc.contacts.deleteCard.mutationOptions(),
    success: (r) => r.message,
    onSuccess: () => queryClient.invalidateQueries(trpc.contacts.get.queryFilter({ id: contactId })),
  });
  return (
    <Section title="Betalingskort">
      <Table.Root size="sm" aria-label="Betalingskort">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Korttype</Table.ColumnHeader>
            <Table.ColumnHeader>Kortnummer</Table.ColumnHeader>
            <Table.ColumnHeader>Udløber</Table.ColumnHeader>
            <Table.ColumnHeader>
              <VisuallyHidden>Handlinger</VisuallyHidden>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {cards.length === 0 ? (
            <EmptyRow colSpan={4}>
              <Text>Kontakten har ingen gemte betalingskort.</Text>
            </EmptyRow>
          ) : (
            cards.map((c) => (
              <Table.Row key={c.id}>
                <Table.Cell textTransform="capitalize">
                  {c.cardType}
                  {c.isDefault && (
                    <Badge ms="2" colorPalette="green" textTransform="none">
                      Standard
                    </Badge>
                  )}
                </Table.Cell>
                <Table.Cell fontFamily="mono">{c.cardNumber}</Table.Cell>
                <Table.Cell>
                  {String(c.expMonth).padStart(2, '0')}/{String(c.expYear).slice(-2)}
                </Table.Cell>
                <Table.Cell textAlign="end">
                  <IconButton
                    aria-label={`Slet kort ${c.cardNumber}`}
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    loading={remove.isPending && remove.variables?.cardId === c.id}
                    onClick={async () => {
                      if (await confirm(CONTACT_MSG.confirmDeleteCard)) remove.mutate({ id: contactId, cardId: c.id });
                    }}
                  >
                    <Trash2 />
                  </IconButton>
                </Table.Cell>
              </Table.Row>
            ))
          )}
        </Table.Body>
      </Table.Root>
    </Section>
  );
}
