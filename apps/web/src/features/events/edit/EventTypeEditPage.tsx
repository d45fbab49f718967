import { EVENT_MSG, ZEventTypeUpdateRequest } from '@klubhus/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { EditPage, recordPage } from '../../../ui/EditPage';
import { useZodForm } from '../../../ui/form';
import { type RecordRoute, useRecordDelete, useRecordSave } from '../../../ui/useRecordRoute';
import { ARRANGEMENT_FIELDS, ArrangementTab } from './ArrangementTab';
import { InvitationsTab } from './InvitationsTab';
import { TablePlanTab } from './TablePlanTab';
import { TicketsTab } from './TicketsTab';
import { type EventType, type TypeValues, toWire, typeValues } from './values';

/** /events/types/:id ('create' for new): a type is an event template (SPEC §2: no dates, owner, sender, partners or attendees). */
export default recordPage('/events/types', (trpc, id) => trpc.eventTypes.get.queryOptions({ id }), TypeForm);

function TypeForm({ route }: { route: RecordRoute<EventType> }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const form = useZodForm(ZEventTypeUpdateRequest, { defaultValues: typeValues(route.record) });
  const [hasTickets, hasTables] = useWatch({ control: form.control, name: ['hasTickets', 'hasTables'] });
  const save = useRecordSave(route, form, {
    mutation: { mutationFn: (values: TypeValues) => client.eventTypes.update.mutate(values) },
    invalidate: [trpc.eventTypes.pathFilter(), trpc.companies.eventTypes.pathFilter()],
    onSaved: async (r) => form.reset(typeValues(await queryClient.fetchQuery(trpc.eventTypes.get.queryOptions({ id: r.id })))),
  });
  const remove = useRecordDelete(route, { mutation: trpc.eventTypes.delete.mutationOptions(), invalidate: [trpc.eventTypes.pathFilter()] });
  return (
    <EditPage
      route={route}
      form={form}
      heading={route.record?.title ?? EVENT_MSG.createType}
      saving={save.isPending}
      remove={{ confirm: EVENT_MSG.confirmDeleteType, mutation: remove }}
      onSubmit={() => save.mutate({ ...toWire(form.getValues()), id: route.id })}
      tabs={[
        { value: 'event', label: 'Arrangement', fields: ARRANGEMENT_FIELDS, content: <ArrangementTab kind="type" /> },
        { value: 'tickets', label: 'Billetter', fields: ['tickets'], content: <TicketsTab uploads={false} />, hidden: !hasTickets },
        { value: 'invitations', label: 'Invitationer', fields: ['invitees'], content: <InvitationsTab /> },
        { value: 'tables', label: 'Bordplan', fields: ['tablePlan'], content: <TablePlanTab uploads={false} />, hidden: !hasTables },
      ]}
    />
  );
}
