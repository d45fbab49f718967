import { Badge, Box, Button, Heading, HStack, IconButton, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, pointerWithin, useDraggable, useDroppable, useSensor, useSensors } from '@dnd-kit/core';
import { TABLE_MSG, type TTable, ZTableSaveRequest } from '@klubhus/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText, GripVertical, Pencil, Plus, Sparkles, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { useConfirm } from '../../ui/confirm';
import { errorMessage } from '../../ui/errors';
import { CheckboxField, NumberField, TextareaField, TextField } from '../../ui/form';
import { FormModal } from '../../ui/ModalRowsSection';
import { Section } from '../../ui/PageHeader';
import { useSaveMutation } from '../../ui/save';
import { SearchInput } from '../../ui/SearchInput';
import { notify } from '../../ui/toaster';

type Guest = { ticketId: number; number: number; name: string | null; company: string | null };
type TableDraft = { title: string; description: string; seats: string; autoPlace: boolean };
const TABLE_FORM = ZTableSaveRequest.omit({ id: true, tableId: true });
const UNPLACED = 'unplaced';
const guestName = (g: Guest) => g.name ?? `Billet ${g.number}`;

/**
 * Bordplan's tables (SPEC §3 Table, §4 seats left, §7 tables): add, edit (seats locked once guests
 * sit there), delete; guests dragged from 'Ikke placeret' to a table (or chosen in the list beside
 * each guest, for the keyboard), a full table refusing more; auto-seating; the table cards PDF.
 */
export function TablesSection({ eventId }: { eventId: number }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ table: TTable | null } | null>(null);
  const tables = useQuery(trpc.gate.tables.queryOptions({ id: eventId }));
  const guests = useQuery(trpc.gate.tableAttendees.queryOptions({ id: eventId, search: search || null }));
  const refresh = () => queryClient.invalidateQueries(trpc.gate.pathFilter());
  const place = useMutation(trpc.gate.place.mutationOptions({ onSuccess: refresh, onError: (e) => notify.error(errorMessage(e)) }));
  const save = useSaveMutation({ mutation: trpc.gate.saveTable.mutationOptions(), success: (r) => r.message, onSuccess: refresh });
  const remove = useSaveMutation({ mutation: trpc.gate.deleteTable.mutationOptions(), success: (r) => r.message, onSuccess: refresh });
  const auto = useSaveMutation({ mutation: trpc.gate.autoSeating.mutationOptions(), success: (r) => r.message, onSuccess: refresh });
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor));
  const list = tables.data?.result ?? [];

  const move = (ticketId: number, target: string) => {
    const tableId = target === UNPLACED ? null : Number(target);
    const table = list.find((x) => x.id === tableId);
    if (table?.seating.some((s) => s.ticketId === ticketId)) return;
    // SPEC §4: placing is blocked at zero seats left.
    if (table && table.seatsLeft <= 0) {
      notify.error(TABLE_MSG.tableFull);
      return;
    }
    place.mutate({ id: eventId, tableId, ticketIds: [ticketId] });
  };
  const onDragEnd = (e: DragEndEvent) => {
    if (e.over) move(Number(e.active.id), String(e.over.id));
  };
  const openCards = async () => {
    // Opened at once (a tab opened after an await is a blocked pop-up), filled when the PDF is there.
    const tab = window.open('', '_blank');
    try {
      const file = await client.gate.tableCards.query({ id: eventId });
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
      const url = URL.createObjectURL(new Blob([bytes], { type: file.mimeType }));
      if (tab) tab.location.href = url;
      else window.location.href = url;
    } catch (e) {
      tab?.close();
      notify.error(errorMessage(e));
    }
  };

  return (
    <Section
      title={TABLE_MSG.tables}
      actions={
        <HStack gap="2" wrap="wrap">
          <Button type="button" size="sm" variant="outline" onClick={() => setEditing({ table: null })}>
            <Plus /> {TABLE_MSG.addTable}
          </Button>
          <Button type="button" size="sm" variant="outline" loading={auto.isPending} onClick={() => auto.mutate({ id: eventId })}>
            <Sparkles /> {TABLE_MSG.autoSeating}
          </Button>
          <Button type="button" size="sm" variant="outline" disabled={!list.length} onClick={openCards}>
            <FileText /> {TABLE_MSG.tableCards}
          </Button>
        </HStack>
      }
    >
      <DndContext sensors={sensors} collisionDetection={pointerWithin} onDragEnd={onDragEnd}>
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4" alignItems="start">
          <DropZone id={UNPLACED} label={TABLE_MSG.unplaced} testId="unplaced">
            <Stack gap="2">
              <Heading size="sm">
                {TABLE_MSG.unplaced} ({guests.data?.total ?? 0})
              </Heading>
              <Box
                onKeyDown={(e) => {
                  if (e.key === 'Enter') e.preventDefault();
                }}
              >
                <SearchInput value={search} onChange={setSearch} maxW="100%" />
              </Box>
              {(guests.data?.attendees ?? []).map((g) => (
                <GuestChip key={g.ticketId} guest={g}>
                  <NativeSelect.Root size="xs" width="auto">
                    <NativeSelect.Field aria-label={`Placer ${guestName(g)} ved bord`} value="" onChange={(e) => e.target.value && move(g.ticketId, e.target.value)}>
                      <option value="">Placer…</option>
                      {list.map((t) => (
                        <option key={t.id} value={t.id} disabled={t.seatsLeft <= 0}>
                          {t.title} ({TABLE_MSG.seatsLeft(t.seatsLeft)})
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </GuestChip>
              ))}
              {guests.data?.total === 0 && (
                <Text fontSize="sm" color="fg.muted">
                  Alle gæster er placeret.
                </Text>
              )}
            </Stack>
          </DropZone>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" gridColumn={{ lg: 'span 2' }}>
            {list.map((t) => (
              <DropZone key={t.id} id={String(t.id)} label={t.title} full={t.seatsLeft <= 0} testId={`table-${t.id}`}>
                <Stack gap="2">
                  <HStack justify="space-between" align="start">
                    <Stack gap="0">
                      <Heading size="sm">{t.title}</Heading>
                      {t.description && (
                        <Text fontSize="xs" color="fg.muted">
                          {t.description}
                        </Text>
                      )}
                    </Stack>
                    <HStack gap="1">
                      <Badge colorPalette={t.seatsLeft > 0 ? 'green' : 'red'} variant="subtle" data-testid="seats-left">
                        {TABLE_MSG.seatsLeft(t.seatsLeft)}
                      </Badge>
                      {!t.autoPlace && <Badge variant="outline">Manuel</Badge>}
                      <IconButton type="button" size="xs" variant="ghost" aria-label={`${TABLE_MSG.editTable} ${t.title}`} onClick={() => setEditing({ table: t })}>
                        <Pencil />
                      </IconButton>
                      <IconButton
                        type="button"
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={`Slet ${t.title}`}
                        onClick={async () => {
                          if (await confirm(TABLE_MSG.confirmDeleteTable)) remove.mutate({ id: eventId, tableId: t.id });
                        }}
                      >
                        <Trash2 />
                      </IconButton>
                    </HStack>
                  </HStack>
                  <Text fontSize="xs" color="fg.muted">
                    {t.seats - t.seatsLeft} / {t.seats} pladser
                  </Text>
                  {t.seating.map((g) => (
                    <GuestChip key={g.ticketId} guest={g}>
                      <Button type="button" size="2xs" variant="ghost" aria-label={`Fjern ${guestName(g)} fra ${t.title}`} onClick={() => move(g.ticketId, UNPLACED)}>
                        Fjern
                      </Button>
                    </GuestChip>
                  ))}
                </Stack>
              </DropZone>
            ))}
            {!list.length && <Text color="fg.muted">Ingen elementer blev fundet.</Text>}
          </SimpleGrid>
        </SimpleGrid>
      </DndContext>
      <FormModal<TableDraft>
        open={editing !== null}
        title={editing?.table ? `${TABLE_MSG.editTable} ${editing.table.title}` : TABLE_MSG.addTable}
        testId="table-modal"
        schema={TABLE_FORM}
        defaultValues={{
          title: editing?.table?.title ?? '',
          description: editing?.table?.description ?? '',
          seats: editing?.table ? String(editing.table.seats) : '',
          autoPlace: editing?.table?.autoPlace ?? true,
        }}
        onClose={() => setEditing(null)}
        onSave={(v) => {
          save.mutate({ id: eventId, tableId: editing?.table?.id ?? null, ...TABLE_FORM.parse(v) });
          setEditing(null);
        }}
      >
        <Stack gap="3">
          <TextField name="title" label="Titel" required />
          <TextareaField name="description" label="Beskrivelse" />
          <NumberField
            name="seats"
            label="Pladser"
            required
            decimals={false}
            disabled={!!editing?.table && editing.table.seating.length > 0}
            helperText={editing?.table?.seating.length ? TABLE_MSG.seatsLocked : undefined}
          />
          <CheckboxField name="autoPlace" label="Placer automatisk ved dette bord" />
        </Stack>
      </FormModal>
    </Section>
  );
}

function DropZone({ id, label, full, testId, children }: { id: string; label: string; full?: boolean; testId: string; children: React.ReactNode }) {
  // A full table still takes the drop, to say why it refuses (SPEC §4: blocked at zero seats left).
  const { setNodeRef, isOver } = useDroppable({ id });
  return (
    <Box
      ref={setNodeRef}
      role="group"
      aria-label={label}
      data-testid={testId}
      borderWidth="1px"
      borderStyle={isOver ? 'dashed' : 'solid'}
      borderColor={isOver ? (full ? 'red.500' : 'blue.500') : full ? 'red.200' : 'border'}
      bg={isOver ? (full ? 'red.subtle' : 'blue.subtle') : 'bg'}
      borderRadius="md"
      p="3"
      minH="24"
    >
      {children}
    </Box>
  );
}

function GuestChip({ guest, children }: { guest: Guest; children: React.ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: String(guest.ticketId) });
  return (
    <HStack
      ref={setNodeRef}
      data-testid="guest"
      gap="2"
      borderWidth="1px"
      borderRadius="md"
      px="2"
      py="1"
      bg="bg.subtle"
      opacity={isDragging ? 0.6 : 1}
      style={transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)`, zIndex: 10, position: 'relative' } : undefined}
    >
      <Box as="span" cursor="grab" color="fg.muted" {...attributes} {...listeners} aria-label={`Flyt ${guestName(guest)}`}>
        <GripVertical size={14} />
      </Box>
      <Stack gap="0" flex="1" minW="0">
        <Text fontSize="sm" truncate>
          {guestName(guest)}
        </Text>
        {guest.company && (
          <Text fontSize="xs" color="fg.muted" truncate>
            {guest.company}
          </Text>
        )}
      </Stack>
      {children}
    </HStack>
  );
}
