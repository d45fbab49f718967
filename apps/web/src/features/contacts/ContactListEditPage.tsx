import { Avatar, Box, Table, Text } from '@chakra-ui/react';
import { ZContactListUpdateRequest } from '@klubhus/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Eye, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { EditForm, EditPage, recordPage } from '../../ui/EditPage';
import { TextField, useZodForm } from '../../ui/form';
import { LinkButton } from '../../ui/LinkButton';
import { Section } from '../../ui/PageHeader';
import { useSaveMutation } from '../../ui/save';
import { type RecordRoute, useRecordSave } from '../../ui/useRecordRoute';
import { ContactPicker } from './ContactPicker';
import { CreateContactModal } from './CreateContactModal';
import { ActionsCell, ActionsHeader, EmptyRow } from '../../ui/TableParts';
import { DeleteButton } from '../../ui/RowActions';

type ContactList = RouterOutputs['contacts']['lists']['get'];

/** /contacts/contact-lists/:id ('create' for a new list). */
export default recordPage('/contacts/contact-lists', (trpc, id) => trpc.contacts.lists.get.queryOptions({ id }), ContactListScreen);

function ContactListScreen({ route }: { route: RecordRoute<ContactList> }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = route.record;
  const [creating, setCreating] = useState<string | null>(null);
  const form = useZodForm(ZContactListUpdateRequest, { defaultValues: { id: list?.id ?? null, title: list?.title ?? '' } });
  const members = list?.contacts ?? [];
  const refresh = () => queryClient.invalidateQueries(trpc.contacts.pathFilter());

  const save = useRecordSave(route, form, { mutation: trpc.contacts.lists.update.mutationOptions(), invalidate: [trpc.contacts.pathFilter()] });
  const add = useSaveMutation({ mutation: trpc.contacts.lists.addContact.mutationOptions(), success: (r) => r.message, onSuccess: refresh });
  const removeMember = useSaveMutation({ mutation: trpc.contacts.lists.removeContact.mutationOptions(), success: (r) => r.message, onSuccess: refresh });

  return (
    <EditPage
      route={route}
      form={form}
      heading={list ? `Rediger ${list.title}` : 'Opret kontaktliste'}
      title={list ? `Rediger ${list.title}` : 'Opret kontaktliste'}
      saving={save.isPending}
      onSubmit={(values) => save.mutate({ title: values.title, id: route.id })}
      freeLayout
    >
      <Section title="Kontaktliste">
        <EditForm>
          <Box maxW="xl">
            <TextField name="title" label="Navn" required />
          </Box>
        </EditForm>
      </Section>
      {list ? (
        <Section title={`Kontakter (${members.length})`}>
          <Box maxW="xl" mb="5">
            <ContactPicker
              label="Tilføj kontakt til listen"
              placeholder="Søg efter kontakt at tilføje..."
              excludeIds={members.map((m) => m.id)}
              onPick={(c) => add.mutate({ listId: list.id, contactId: c.id })}
              onCreate={(typed) => setCreating(typed)}
            />
          </Box>
          <Box overflowX="auto">
            <Table.Root size="sm" aria-label="Kontakter på listen">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>
                    <Box srOnly>Billede</Box>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>Fornavn</Table.ColumnHeader>
                  <Table.ColumnHeader>Efternavn</Table.ColumnHeader>
                  <Table.ColumnHeader>E-mail</Table.ColumnHeader>
                  <Table.ColumnHeader>Telefon / mobil</Table.ColumnHeader>
                  <ActionsHeader />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {members.length === 0 && (
                  <EmptyRow colSpan={6} />
                )}
                {members.map((m) => (
                  <Table.Row key={m.id}>
                    <Table.Cell width="12">
                      <Avatar.Root size="sm">
                        {m.picture && <Avatar.Image src={m.picture} alt="" />}
                        <Avatar.Fallback name={m.name} />
                      </Avatar.Root>
                    </Table.Cell>
                    <Table.Cell>{m.firstname}</Table.Cell>
                    <Table.Cell>{m.lastname}</Table.Cell>
                    <Table.Cell>{m.email}</Table.Cell>
                    <Table.Cell>{[m.phone, m.mobile].filter(Boolean).join(' / ')}</Table.Cell>
                    <ActionsCell>
                      <LinkButton to={`/contacts/${m.id}`} size="xs" variant="outline" aria-label={`Vis ${m.name}`}>
                        <Eye /> Vis
                      </LinkButton>
                      <DeleteButton
                        name={m.name}
                        label="Fjern"
                        icon={<UserMinus />}
                        confirmText={`Vil du fjerne ${m.name} fra listen?`}
                        onConfirm={() => removeMember.mutate({ listId: list.id, contactId: m.id })}
                      />
                    </ActionsCell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
          <CreateContactModal
            open={creating !== null}
            initialName={creating ?? ''}
            listIds={[list.id]}
            onClose={() => setCreating(null)}
            onCreated={async () => {
              setCreating(null);
              await refresh();
            }}
          />
        </Section>
      ) : (
        <Text color="fg.muted">Gem listen for at tilføje kontakter.</Text>
      )}
    </EditPage>
  );
}
