import { Badge, Button, Checkbox, HStack, IconButton, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { EVENT_MSG, type INVITE_SEND_TYPES, ZSaveInviteRequest } from '@klubhus/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { type RouterOutputs, useTRPC } from '../../../lib/trpc';
import { useConfirm } from '../../../ui/confirm';
import { NumberField, SelectField } from '../../../ui/form';
import { FormModal } from '../../../ui/ModalRowsSection';
import { Section } from '../../../ui/PageHeader';
import { useSaveMutation } from '../../../ui/save';
import { ActionsHeader, EmptyRow, YesNo } from '../../../ui/TableParts';

type Group = RouterOutputs['events']['invites']['companies'][number];
type Invite = Group['invites'][number];
type ProductRow = { productId: string | number; amount: string | number; amountPerInvite: string | number };
const PRODUCTS_SCHEMA = ZSaveInviteRequest.pick({ products: true });
const SEND: { type: (typeof INVITE_SEND_TYPES)[number]; label: string }[] = [
  { type: 'invitation', label: 'Send invitation' },
  { type: 'reminder', label: 'Send påmindelse' },
  { type: 'update', label: 'Send opdatering' },
];

/** The event's invites by company and contact list (SPEC §3 Invite): send, resend (force), delete, products per group or invite. */
export function InviteGroupsSection({ eventId }: { eventId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const q = useQuery(trpc.events.invites.queryOptions({ id: eventId }));
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [force, setForce] = useState(false);
  const [editing, setEditing] = useState<{ title: string; group?: Group; invite?: Invite } | null>(null);
  const refresh = () => queryClient.invalidateQueries(trpc.events.invites.pathFilter());
  const send = useSaveMutation({ mutation: trpc.events.sendInvites.mutationOptions(), success: (r) => r.message, onSuccess: refresh });
  const remove = useSaveMutation({
    mutation: trpc.events.deleteInvites.mutationOptions(),
    success: (r) => r.message,
    onSuccess: () => {
      setSelected(new Set());
      return refresh();
    },
  });
  const saveGroup = useSaveMutation({ mutation: trpc.events.saveInviteGroup.mutationOptions(), success: (r) => r.message, onSuccess: refresh });
  const saveInvite = useSaveMutation({ mutation: trpc.events.saveInvite.mutationOptions(), success: (r) => r.message, onSuccess: refresh });
  const groups = [...(q.data?.companies ?? []), ...(q.data?.lists ?? [])];
  const ids = [...selected];
  const toggle = (inviteIds: number[], on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const i of inviteIds) on ? next.add(i) : next.delete(i);
      return next;
    });
  const rows = editing?.invite?.products ?? editing?.group?.invites[0]?.products ?? [];

  return (
    <Stack gap="0">
      <Section title="Invitationer">
        <HStack gap="2" wrap="wrap">
          {SEND.map((s) => (
            <Button key={s.type} size="sm" variant="outline" disabled={!ids.length} loading={send.isPending} onClick={() => send.mutate({ id: eventId, ids, type: s.type, force })}>
              {s.label}
            </Button>
          ))}
          <Checkbox.Root checked={force} onCheckedChange={(d) => setForce(d.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Send igen til allerede inviterede</Checkbox.Label>
          </Checkbox.Root>
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            disabled={!ids.length}
            onClick={async () => {
              if (await confirm(EVENT_MSG.confirmDeleteInvites)) remove.mutate({ id: eventId, ids });
            }}
          >
            <Trash2 /> Slet
          </Button>
          <Text fontSize="sm" color="fg.muted">
            {ids.length ? `${ids.length} valgt` : 'Vælg invitationer'}
          </Text>
        </HStack>
      </Section>
      {groups.length === 0 && (
        <Section>
          <Text color="fg.muted">{q.isLoading ? 'Indlæser…' : 'Ingen elementer blev fundet.'}</Text>
        </Section>
      )}
      {groups.map((g) => {
        const groupIds = g.invites.map((i) => i.id);
        const all = groupIds.every((i) => selected.has(i));
        return (
          <Section
            key={g.key}
            title={
              <HStack gap="2">
                <span>{g.name}</span>
                <Badge variant="subtle">{g.company ? 'Virksomhed' : g.list ? 'Kontaktliste' : 'Kontakter'}</Badge>
              </HStack>
            }
            actions={
              <Button size="xs" variant="outline" onClick={() => setEditing({ title: `Produkter for ${g.name}`, group: g })}>
                <Pencil /> Rediger produkter
              </Button>
            }
          >
            <Table.ScrollArea>
              <Table.Root size="sm" aria-label={`Invitationer: ${g.name}`}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader w="8">
                      <Checkbox.Root size="sm" checked={all} onCheckedChange={(d) => toggle(groupIds, d.checked === true)} aria-label={`Vælg alle i ${g.name}`}>
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                      </Checkbox.Root>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>Navn</Table.ColumnHeader>
                    <Table.ColumnHeader>Produkter</Table.ColumnHeader>
                    <Table.ColumnHeader>Invitation sendt</Table.ColumnHeader>
                    <Table.ColumnHeader>Link</Table.ColumnHeader>
                    <ActionsHeader />
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {g.invites.length === 0 && <EmptyRow colSpan={6} />}
                  {g.invites.map((i) => {
                    const name = `${i.contact.firstname} ${i.contact.lastname ?? ''}`.trim();
                    return (
                      <Table.Row key={i.id}>
                        <Table.Cell>
                          <Checkbox.Root size="sm" checked={selected.has(i.id)} onCheckedChange={(d) => toggle([i.id], d.checked === true)} aria-label={`Vælg ${name}`}>
                            <Checkbox.HiddenInput />
                            <Checkbox.Control />
                          </Checkbox.Root>
                        </Table.Cell>
                        <Table.Cell>
                          <Text fontWeight="medium">{name}</Text>
                          <Text fontSize="xs" color="fg.muted">
                            {i.contact.email}
                          </Text>
                        </Table.Cell>
                        <Table.Cell>{i.products.map((p) => `${p.amount} × ${p.product}`).join(', ')}</Table.Cell>
                        <Table.Cell>
                          <YesNo value={i.invitationSent} />
                        </Table.Cell>
                        <Table.Cell>
                          <Text fontSize="xs" wordBreak="break-all" maxW="20rem">
                            {`/public/events/invite/${i.token}`}
                          </Text>
                        </Table.Cell>
                        <Table.Cell>
                          <Button size="xs" variant="outline" aria-label={`Rediger invitation til ${name}`} onClick={() => setEditing({ title: `Produkter for ${name}`, invite: i })}>
                            <Pencil /> Rediger
                          </Button>
                        </Table.Cell>
                      </Table.Row>
                    );
                  })}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </Section>
        );
      })}
      <FormModal<{ products: ProductRow[] }>
        open={editing !== null}
        title={editing?.title ?? ''}
        testId="invite-products-modal"
        schema={PRODUCTS_SCHEMA}
        defaultValues={{ products: rows.map((p) => ({ productId: String(p.productId), amount: String(p.amount), amountPerInvite: String(p.amountPerInvite) })) }}
        onClose={() => setEditing(null)}
        onSave={(v) => {
          const products = PRODUCTS_SCHEMA.parse(v).products;
          if (editing?.invite) saveInvite.mutate({ inviteId: editing.invite.id, products });
          else if (editing?.group) saveGroup.mutate({ id: eventId, key: editing.group.key, products });
          setEditing(null);
        }}
      >
        <ProductRows />
      </FormModal>
    </Stack>
  );
}

/** The rows of the products dialog: product, amount and amount per invite (new rows '0', SPEC §9). */
function ProductRows() {
  const trpc = useTRPC();
  const products = useQuery(trpc.products.search.queryOptions({ limit: 100 }));
  const { control } = useFormContext<{ products: ProductRow[] }>();
  const rows = useFieldArray({ control, name: 'products' });
  const options = (products.data ?? []).map((p) => ({ value: String(p.id), label: p.title }));
  return (
    <Stack gap="3">
      {rows.fields.map((f, i) => (
        <SimpleGrid key={f.id} columns={{ base: 1, sm: 4 }} gap="2" alignItems="end">
          <SelectField name={`products.${i}.productId`} label="Produkt" required placeholder="Vælg produkt" options={options} />
          <NumberField name={`products.${i}.amount`} label="Antal" required decimals={false} />
          <NumberField name={`products.${i}.amountPerInvite`} label="Antal pr. invitation" decimals={false} />
          <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={`Fjern produkt ${i + 1}`} onClick={() => rows.remove(i)}>
            <X />
          </IconButton>
        </SimpleGrid>
      ))}
      <Button size="sm" variant="outline" alignSelf="start" onClick={() => rows.append({ productId: '', amount: '0', amountPerInvite: '0' })}>
        <Plus /> Tilføj produkt
      </Button>
    </Stack>
  );
}
