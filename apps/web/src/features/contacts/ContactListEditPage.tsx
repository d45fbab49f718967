import { Avatar, Box, Button, HStack, Table, Text } from '@chakra-ui/react';
import { ZContactListUpdateRequest } from '@klubhus/domain';
import { MSG } from '@klubhus/domain/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Eye, UserMinus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageSpinner } from '../../ui/PageSpinner';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { useConfirm } from '../../ui/ConfirmModal';
import { errorMessage } from '../../ui/errors';
import { Form, TextField, useZodForm } from '../../ui/form';
import { LinkButton } from '../../ui/LinkButton';
import { PageHeader, Section } from '../../ui/PageHeader';
import { useSaveMutation } from '../../ui/save';
import { notify } from '../../ui/toaster';
import { ContactPicker } from './ContactPicker';
import { CreateContactModal } from './CreateContactModal';

type ContactList = RouterOutputs['contacts']['lists']['get'];
const FORM_ID = 'contact-list-form';

/** /contacts/contact-lists/:id ('create' for a new list). */
export default function ContactListEditPage() {
  const { id } = useParams();
  const isNew = id === 'create';
  const listId = isNew ? null : Number(id);
  const valid = isNew || (Number.isInteger(listId) && (listId ?? 0) > 0);
  const trpc = useTRPC();
  const navigate = useNavigate();
  const q = useQuery({ ...trpc.contacts.lists.get.queryOptions({ id: listId ?? 0 }), enabled: !isNew && valid });
  useEffect(() => {
    if (q.isError) {
      notify.error(errorMessage(q.error));
      navigate('/contacts/contact-lists', { replace: true });
    }
  }, [q.isError, q.error, navigate]);
  useEffect(() => {
    if (!valid) navigate('/contacts/contact-lists', { replace: true });
  }, [valid, navigate]);
  if (!isNew && !q.data) return <PageSpinner />;
  return <ContactListScreen key={id} list={q.data ?? null} />;
}

function ContactListScreen({ list }: { list: ContactList | null }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [creating, setCreating] = useState<string | null>(null);
  const form = useZodForm(ZContactListUpdateRequest, { defaultValues: { id: list?.id ?? null, title: list?.title ?? '' } });
  const live = useQuery({ ...trpc.contacts.lists.get.queryOptions({ id: list?.id ?? 0 }), enabled: !!list });
  const members = (live.data ?? list)?.contacts ?? [];
  const refresh = () => queryClient.invalidateQueries(trpc.contacts.pathFilter());

  const save = useSaveMutation({
    mutation: trpc.contacts.lists.update.mutationOptions(),
    success: (r) => r.message,
    onSuccess: async (r, values) => {
      await refresh();
      if (r.created) navigate(`/contacts/contact-lists/${r.id}`, { replace: true });
      else form.reset({ id: r.id, title: values.title });
    },
  });
  const add = useSaveMutation({ mutation: trpc.contacts.lists.addContact.mutationOptions(), success: (r) => r.message, onSuccess: refresh });
  const removeMember = useSaveMutation({ mutation: trpc.contacts.lists.removeContact.mutationOptions(), success: (r) => r.message, onSuccess: refresh });

  return (
    <>
      <PageHeader
        title={list ? `Rediger ${list.title}` : 'Opret kontaktliste'}
        actions={
          <>
            <LinkButton to="/contacts/contact-lists" variant="outline">
              <ArrowLeft /> Tilbage
            </LinkButton>
            <Button type="submit" form={FORM_ID} colorPalette="brand" loading={save.isPending}>
              Gem
            </Button>
          </>
        }
      />
      <Section title="Kontaktliste">
        <Form id={FORM_ID} form={form} onSubmit={(values) => save.mutate({ title: values.title, id: list?.id ?? null })}>
          <Box maxW="xl">
            <TextField name="title" label="Navn" required />
          </Box>
        </Form>
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
                  <Table.ColumnHeader>
                    <Box srOnly>Handlinger</Box>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {members.length === 0 && (
                  <Table.Row>
                    <Table.Cell colSpan={6} textAlign="center" color="fg.muted" py="6">
                      {MSG.noItems}
                    </Table.Cell>
                  </Table.Row>
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
                    <Table.Cell>
                      <HStack gap="1" justify="flex-end">
                        <LinkButton to={`/contacts/${m.id}`} size="xs" variant="outline" aria-label={`Vis ${m.name}`}>
                          <Eye /> Vis
                        </LinkButton>
                        <Button
                          size="xs"
                          variant="outline"
                          colorPalette="red"
                          aria-label={`Fjern ${m.name}`}
                          onClick={async () => {
                            if (await confirm(`Vil du fjerne ${m.name} fra listen?`, { confirmLabel: 'Fjern' })) {
                              removeMember.mutate({ listId: list.id, contactId: m.id });
                            }
                          }}
                        >
                          <UserMinus /> Fjern
                        </Button>
                      </HStack>
                    </Table.Cell>
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
    </>
  );
}
