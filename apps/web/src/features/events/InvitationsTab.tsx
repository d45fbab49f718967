import { Box, Button, Checkbox, HStack, Link, Menu, Stack, Table, Text } from '@chakra-ui/react';
import { EVENT_MSG, ZCreateInvitesRequest } from '@klubhus/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, Plus, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { useConfirm } from '../../ui/ConfirmModal';
import { CheckboxField, DateField } from '../../ui/form';
import { FormModal } from '../../ui/ModalRowsSection';
import { Section } from '../../ui/PageHeader';
import { useSaveMutation } from '../../ui/save';
import { EmptyRow, YesNo } from '../../ui/TableParts';
import { CompaniesField, ContactListsField, ContactsField, ProductsField } from './fields';

type Group = RouterOutputs['events']['invites']['companies'][number];

/**
 * Invitationer (SPEC §2, §4): the invitations by company and by contact list, with invitationSent Ja/Nej
 * and each invite's link; create from companies, contacts and lists (with products), send the
 * invitation, a reminder or an update, delete.
 */
export function InvitationsTab({ eventId }: { eventId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const invites = useQuery(trpc.events.invites.queryOptions({ id: eventId }));
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [creating, setCreating] = useState(false);
  const refresh = () => queryClient.invalidateQueries(trpc.events.invites.queryFilter({ id: eventId }));
  const create = useSaveMutation({ mutation: trpc.events.createInvites.mutationOptions(), success: (r) => r.message, onSuccess: refresh });
  const send = useSaveMutation({ mutation: trpc.events.sendInvites.mutationOptions(), success: (r) => r.message, onSuccess: refresh });
  const remove = useSaveMutation({
    mutation: trpc.events.deleteInvites.mutationOptions(),
    success: (r) => r.message,
    onSuccess: async () => {
      setSelected(new Set());
      await refresh();
    },
  });
  const groups = [...(invites.data?.companies ?? []), ...(invites.data?.lists ?? [])];
  const all = groups.flatMap((g) => g.invites.map((i) => i.id));
  const ids = [...selected].filter((id) => all.includes(id));
  const toggle = (list: number[], on: boolean) => setSelected((s) => new Set(on ? [...s, ...list] : [...s].filter((x) => !list.includes(x))));

  return (
    <Section
      title="Invitationer"
      actions={
        <HStack gap="2" wrap="wrap">
          <Button size="sm" variant="outline" onClick={() => setCreating(true)}>
            <Plus /> Opret invitationer
          </Button>
          <Menu.Root>
            <Menu.Trigger asChild>
              <Button size="sm" colorPalette="brand" disabled={!ids.length} loading={send.isPending}>
                <Send /> Send ({ids.length}) <ChevronDown />
              </Button>
            </Menu.Trigger>
            <Menu.Positioner>
              <Menu.Content>
                <Menu.Item value="invitation" onClick={() => send.mutate({ id: eventId, ids, type: 'invitation' })}>
                  Send invitation
                </Menu.Item>
                <Menu.Item value="force" onClick={() => send.mutate({ id: eventId, ids, type: 'invitation', force: true })}>
                  Send invitation igen
                </Menu.Item>
                <Menu.Item value="reminder" onClick={() => send.mutate({ id: eventId, ids, type: 'reminder' })}>
                  Send påmindelse
                </Menu.Item>
                <Menu.Item value="update" onClick={() => send.mutate({ id: eventId, ids, type: 'update' })}>
                  Send opdatering
                </Menu.Item>
              </Menu.Content>
            </Menu.Positioner>
          </Menu.Root>
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            disabled={!ids.length}
            loading={remove.isPending}
            onClick={async () => {
              if (await confirm(EVENT_MSG.confirmDeleteInvites)) remove.mutate({ id: eventId, ids });
            }}
          >
            <Trash2 /> Slet
          </Button>
        </HStack>
      }
    >
      {groups.length === 0 && !invites.isPending && <Text color="fg.muted">Ingen elementer blev fundet.</Text>}
      <Stack gap="6">
        {groups.map((g) => (
          <InviteGroup key={g.key} group={g} selected={selected} onToggle={toggle} />
        ))}
      </Stack>
      <FormModal
        open={creating}
        title="Opret invitationer"
        testId="create-invites-modal"
        schema={ZCreateInvitesRequest.omit({ id: true })}
        defaultValues={{ invitees: { companyIds: [], contactIds: [], contactListIds: [], productIds: [] }, allActive: false, activeDate: '' }}
        submitLabel="Opret"
        onClose={() => setCreating(false)}
        onSave={(v) => {
          setCreating(false);
          create.mutate({ ...(v as object), id: eventId } as never);
        }}
      >
        <Stack gap="4">
          <CompaniesField name="invitees.companyIds" label="Virksomheder" />
          <ContactsField name="invitees.contactIds" label="Kontaktpersoner" />
          <ContactListsField name="invitees.contactListIds" label="Kontaktlister" />
          <ProductsField name="invitees.productIds" label="Produkter" />
          <CheckboxField name="allActive" label="Alle aktive kunder" helperText="Kontaktpersonerne hos alle virksomheder med status Kunde." />
          <DateField name="activeDate" label="Kunder oprettet senest" />
        </Stack>
      </FormModal>
    </Section>
  );
}

function InviteGroup({ group, selected, onToggle }: { group: Group; selected: Set<number>; onToggle: (ids: number[], on: boolean) => void }) {
  const ids = group.invites.map((i) => i.id);
  const allOn = ids.every((id) => selected.has(id));
  return (
    <Box>
      <Text fontWeight="semibold" mb="2">
        {group.company ? group.company.name : group.list ? `Liste: ${group.list.name}` : group.name}
      </Text>
      <Box overflowX="auto">
        <Table.Root size="sm" aria-label={`Invitationer: ${group.name}`}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="8">
                <Checkbox.Root checked={allOn} onCheckedChange={(d) => onToggle(ids, !!d.checked)} aria-label={`Vælg alle i ${group.name}`}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.ColumnHeader>
              <Table.ColumnHeader>Navn</Table.ColumnHeader>
              <Table.ColumnHeader>E-mail</Table.ColumnHeader>
              <Table.ColumnHeader>Produkter</Table.ColumnHeader>
              <Table.ColumnHeader>Invitation sendt</Table.ColumnHeader>
              <Table.ColumnHeader>Link</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {group.invites.length === 0 && <EmptyRow colSpan={6} />}
            {group.invites.map((i) => {
              const name = [i.contact.firstname, i.contact.lastname].filter(Boolean).join(' ');
              return (
                <Table.Row key={i.id}>
                  <Table.Cell>
                    <Checkbox.Root checked={selected.has(i.id)} onCheckedChange={(d) => onToggle([i.id], !!d.checked)} aria-label={`Vælg ${name}`}>
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Table.Cell>
                  <Table.Cell fontWeight="medium">{name}</Table.Cell>
                  <Table.Cell>{i.contact.email}</Table.Cell>
                  <Table.Cell>{i.products.map((p) => `${p.amount} × ${p.product}`).join(', ')}</Table.Cell>
                  <Table.Cell>
                    <YesNo value={i.invitationSent} />
                  </Table.Cell>
                  <Table.Cell>
                    <Link href={i.link} target="_blank" rel="noreferrer" colorPalette="brand" fontSize="sm">
                      Åbn
                    </Link>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Box>
    </Box>
  );
}
