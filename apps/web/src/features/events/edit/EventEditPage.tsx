import { Badge, HStack } from '@chakra-ui/react';
import { EVENT_MSG, ZEventUpdateRequest } from '@klubhus/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useAppState } from '../../../lib/appState';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { EditPage, recordPage } from '../../../ui/EditPage';
import { useZodForm } from '../../../ui/form';
import { type RecordRoute, useRecordDelete, useRecordSave } from '../../../ui/useRecordRoute';
import { CommentsPanel } from '../../comments/CommentsPanel';
import { FilesPanel } from '../../files/FilesPanel';
import { AttendeesTab } from '../../gate/AttendeesTab';
import { ARRANGEMENT_FIELDS, ArrangementTab } from './ArrangementTab';
import { InvitationsTab } from './InvitationsTab';
import { NotesLabel } from './NotesLabel';
import { RelationsTab } from './RelationsTab';
import { SeatingTab } from './SeatingTab';
import { TablePlanTab } from './TablePlanTab';
import { TicketsTab } from './TicketsTab';
import { UploadsProvider, useUploads } from './uploads';
import { type Event, type EventValues, eventValues, templateValues, toWire } from './values';

/** /events/:id ('create' for new): SPEC §2's event screen; a failed load goes back to /events. */
export default recordPage('/events', (trpc, id) => trpc.events.get.queryOptions({ id }), EventForm);

function EventForm({ route }: { route: RecordRoute<Event> }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const { user } = useAppState();
  const event = route.record;
  const form = useZodForm(ZEventUpdateRequest, { defaultValues: eventValues(event, user) });
  const uploads = useUploads();
  const [hasTickets, hasSeating, hasTables, title] = useWatch({ control: form.control, name: ['hasTickets', 'hasSeating', 'hasTables', 'title'] });
  const save = useRecordSave(route, form, {
    mutation: { mutationFn: (values: EventValues) => client.events.update.mutate(values) },
    invalidate: [trpc.events.pathFilter()],
    onSaved: async (r) => {
      // SPEC §4: a saved event reloads (new ticket rows got ids, files their URLs).
      uploads.clear();
      const fresh = await queryClient.fetchQuery(trpc.events.get.queryOptions({ id: r.id }));
      form.reset(eventValues(fresh, user));
    },
  });
  const remove = useRecordDelete(route, { mutation: trpc.events.delete.mutationOptions(), invalidate: [trpc.events.pathFilter()] });

  /** SPEC §4: choosing a type while creating prefills the form from its template (id cleared, typeId kept). */
  const onType = async (typeId: number) => {
    if (!route.isNew) return;
    const type = await queryClient.fetchQuery(trpc.eventTypes.get.queryOptions({ id: typeId }));
    form.reset({ ...form.getValues(), ...templateValues(type, true), id: null, typeId: String(typeId) }, { keepDefaultValues: true });
  };

  const heading = event?.title ?? EVENT_MSG.createEvent;
  return (
    <UploadsProvider value={uploads.value}>
      <EditPage
        route={route}
        form={form}
        heading={heading}
        title={
          event?.parentId ? (
            <HStack gap="3" as="span">
              <span>{title || heading}</span>
              <Badge colorPalette="purple" variant="subtle">
                {EVENT_MSG.subEvent}
              </Badge>
            </HStack>
          ) : undefined
        }
        saving={save.isPending}
        remove={{ confirm: EVENT_MSG.confirmDeleteEvent, mutation: remove }}
        // Send what was typed, times read in the club's zone; the server's schema converts the rest, as the resolver just did to check it.
        onSubmit={async () => save.mutate({ ...toWire(form.getValues()), id: route.id, ...(await uploads.payload()) })}
        tabs={[
          { value: 'event', label: 'Arrangement', fields: ARRANGEMENT_FIELDS, content: <ArrangementTab kind="event" event={event} onType={onType} /> },
          {
            value: 'tickets',
            label: 'Billetter',
            hidden: !hasTickets,
            fields: ['tickets', 'ticketLogoFile', 'ticketPictureFile'],
            content: <TicketsTab event={event} uploads />,
          },
          { value: 'seating', label: 'Planoversigt', hidden: !(hasSeating && event?.seating.eventId), lazy: true, content: event && <SeatingTab event={event} /> },
          { value: 'tables', label: 'Bordplan', hidden: !hasTables, fields: ['tablePlan', 'cardPictureFile'], content: <TablePlanTab event={event} uploads /> },
          { value: 'invitations', label: 'Invitationer', hidden: !event, fields: ['invitees'], content: event && <InvitationsTab eventId={event.id} /> },
          { value: 'attendees', label: 'Tilmeldte', hidden: !event, lazy: true, content: event && <AttendeesTab eventId={event.id} /> },
          { value: 'relations', label: 'Relationer', hidden: !event, lazy: true, content: event && <RelationsTab event={event} /> },
          {
            value: 'notes',
            label: event ? <NotesLabel eventId={event.id} /> : 'Noter',
            hidden: !event,
            lazy: true,
            content: event && <CommentsPanel originType="event" originId={event.id} originUrl={`/events/${event.id}`} title="Noter" />,
          },
          { value: 'files', label: 'Filer', hidden: !event, lazy: true, content: event && <FilesPanel relationType="event" relationId={event.id} /> },
        ]}
      />
    </UploadsProvider>
  );
}
