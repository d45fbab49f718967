import { EVENT_MSG, ZEventTypeUpdateRequest } from '@klubhus/domain';
import { useTRPC } from '../../lib/trpc';
import { EditPage, recordPage } from '../../ui/EditPage';
import { TextField, useZodForm } from '../../ui/form';
import { Section } from '../../ui/PageHeader';
import { type RecordRoute, useRecordDelete } from '../../ui/useRecordRoute';
import { ExtraInfoSection, GeneralSection, InviteProductsSection, NotificationsSection, TablePlanSection, TicketsSection } from './TemplateSections';
import { type EventTypeRecord, typeValues } from './values';

/** /events/types/:id: a type is the template a new event is prefilled from (no dates, owner, sender, sponsors or attendees). */
export default recordPage('/events/types', (trpc, id) => trpc.eventTypes.get.queryOptions({ id }), TypeForm);

function TypeForm({ route }: { route: RecordRoute<EventTypeRecord> }) {
  const trpc = useTRPC();
  const form = useZodForm(ZEventTypeUpdateRequest, { defaultValues: typeValues(route.record) });
  const remove = useRecordDelete(route, { mutation: trpc.eventTypes.delete.mutationOptions(), invalidate: [trpc.eventTypes.pathFilter()] });
  return (
    <EditPage
      route={route}
      form={form}
      newHeading={EVENT_MSG.createType}
      mutation={trpc.eventTypes.update.mutationOptions()}
      invalidate={[trpc.eventTypes.pathFilter(), trpc.companies.eventTypes.pathFilter()]}
      remove={{ confirm: EVENT_MSG.confirmDeleteType, mutation: remove }}
      tabs={[
        {
          value: 'event',
          label: 'Arrangement',
          fields: ['title', 'location', 'description', 'maxSignups', 'maxCompanySignups', 'emailNotifications', 'extraInfo'],
          content: (
            <>
              <Section title="Type">
                <TextField name="title" label="Titel" required />
              </Section>
              <GeneralSection />
              <NotificationsSection />
              <ExtraInfoSection />
            </>
          ),
        },
        { value: 'tickets', label: 'Billetter', fields: ['tickets'], content: <TicketsSection /> },
        { value: 'invitations', label: 'Invitationer', fields: ['invitees'], content: <InviteProductsSection /> },
        { value: 'tables', label: 'Bordplan', fields: ['tablePlan'], content: <TablePlanSection /> },
      ]}
    />
  );
}
