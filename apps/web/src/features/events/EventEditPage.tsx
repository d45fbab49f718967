import { Badge, Box, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { EVENT_MSG, MAX_INVITE_ATTACHMENT_BYTES, ZEventUpdateRequest } from '@klubhus/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type UseFormReturn, useFormContext, useWatch } from 'react-hook-form';
import { fullName, useAppState } from '../../lib/appState';
import { toUpload } from '../../lib/transfer';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { EditPage, recordPage } from '../../ui/EditPage';
import { DateField, FormField, ImageUpload, SelectField, TextField, useZodForm } from '../../ui/form';
import { Section } from '../../ui/PageHeader';
import { type RecordRoute, useRecordDelete, useRecordSave } from '../../ui/useRecordRoute';
import { CommentsPanel } from '../comments/CommentsPanel';
import { FilesPanel } from '../files/FilesPanel';
import { CompaniesPicker } from './fields';
import { InvitationsTab } from './InvitationsTab';
import { RelationsTab } from './RelationsTab';
import { ExtraInfoSection, GeneralSection, NotificationsSection, TablePlanSection, TicketsSection, useEventSettings } from './TemplateSections';
import { type EventRecord, type EventValues, eventValues, templateValues } from './values';

/** /events/:id ('create' for new): the event screen of SPEC §2 with every field of §3's Event form. */
export default recordPage('/events', (trpc, id) => trpc.events.get.queryOptions({ id }), EventForm);

type Files = { banner: File | null; bottom: File | null; attachment: File | null };

function EventForm({ route }: { route: RecordRoute<EventRecord> }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const { user } = useAppState();
  const sender = { name: user ? fullName(user) : '', email: user?.email ?? '' };
  const event = route.record;
  const form = useZodForm(ZEventUpdateRequest, { defaultValues: eventValues(event, sender) });
  const [files, setFiles] = useState<Files>({ banner: null, bottom: null, attachment: null });
  const flags = useWatch({ control: form.control, name: ['hasTickets', 'hasSeating', 'hasSponsors', 'hasTables'] });
  const [hasTickets, hasSeating, hasSponsors, hasTables] = flags as boolean[];

  const save = useRecordSave(route, form, {
    mutation: {
      mutationFn: async (values: EventValues) =>
        client.events.update.mutate({
          ...values,
          id: route.id,
          bannerPictureFile: files.banner ? [await toUpload(files.banner)] : undefined,
          bannerBottomFile: files.bottom ? [await toUpload(files.bottom)] : undefined,
          inviteAttachmentFile: files.attachment ? [await toUpload(files.attachment)] : undefined,
        }),
    },
    invalidate: [trpc.events.pathFilter()],
    onSaved: async (r) => {
      setFiles({ banner: null, bottom: null, attachment: null });
      const fresh = await queryClient.fetchQuery(trpc.events.get.queryOptions({ id: r.id }));
      form.reset(eventValues(fresh, sender));
    },
  });
  const remove = useRecordDelete(route, { mutation: trpc.events.delete.mutationOptions(), invalidate: [trpc.events.pathFilter()] });
  useTypePrefill(form as unknown as UseFormReturn<EventValues, unknown, unknown>, route.isNew);

  return (
    <EditPage
      route={route}
      form={form}
      heading={event ? event.title : EVENT_MSG.createEvent}
      title={
        <HStack gap="3" wrap="wrap">
          <span>{event ? event.title : EVENT_MSG.createEvent}</span>
          {event?.parentId && <Badge colorPalette="purple">{EVENT_MSG.subEvent}</Badge>}
        </HStack>
      }
      saving={save.isPending}
      remove={{ confirm: EVENT_MSG.confirmDeleteEvent, mutation: remove }}
      onSubmit={(values) => save.mutate(values as EventValues)}
      tabs={[
        {
          value: 'event',
          label: 'Arrangement',
          fields: ['typeId', 'title', 'url', 'startDate', 'endDate', 'signUpStart', 'signUpPublic', 'signUpDeadline', 'activeDate', 'sender', 'location', 'emailNotifications', 'extraInfo', 'maxSignups', 'maxCompanySignups'],
          content: (
            <>
              <EventSection />
              <GeneralSection />
              <BannersSection event={event} files={files} onFiles={setFiles} />
              <SenderSection />
              <NotificationsSection />
              <ExtraInfoSection />
            </>
          ),
        },
        { value: 'tickets', label: 'Billetter', hidden: !hasTickets, fields: ['tickets'], content: <TicketsSection /> },
        { value: 'seating', label: 'Planoversigt', hidden: !hasSeating, fields: ['seating'], content: <SeatingSection event={event} /> },
        { value: 'sponsors', label: 'Sponsorer', hidden: !hasSponsors, fields: ['sponsors'], content: <SponsorsSection /> },
        { value: 'tables', label: 'Bordplan', hidden: !hasTables, fields: ['tablePlan'], content: <TablePlanSection /> },
        { value: 'invitations', label: 'Invitationer', hidden: !event, lazy: true, content: event && <InvitationsTab eventId={event.id} /> },
        { value: 'relations', label: 'Relationer', hidden: !event, lazy: true, content: event && <RelationsTab event={event} /> },
        { value: 'notes', label: 'Noter', hidden: !event, lazy: true, content: event && <CommentsPanel originType="event" originId={event.id} originUrl={`/events/${event.id}`} /> },
        { value: 'files', label: 'Filer', hidden: !event, lazy: true, content: event && <FilesPanel relationType="event" relationId={event.id} /> },
      ]}
    />
  );
}

/** Creating an event from a type fills the form from the type's template (id cleared, typeId kept); only when creating. */
function useTypePrefill(form: UseFormReturn<EventValues, unknown, unknown>, isNew: boolean) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const typeId = useWatch({ control: form.control, name: 'typeId' });
  const applied = useRef<number | null>(null);
  useEffect(() => {
    const id = Number(typeId);
    if (!isNew || !Number.isInteger(id) || id <= 0 || applied.current === id) return;
    applied.current = id;
    void queryClient.fetchQuery(trpc.eventTypes.get.queryOptions({ id })).then((type) => {
      form.reset({ ...form.getValues(), ...templateValues(type), typeId: id }, { keepDefaultValues: true });
    });
  }, [isNew, typeId, queryClient, trpc, form]);
}

function EventSection() {
  const trpc = useTRPC();
  const types = useQuery(trpc.eventTypes.options.queryOptions());
  const owners = useQuery(trpc.events.owners.queryOptions());
  return (
    <Section title="Arrangement">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <SelectField name="typeId" label="Type" required placeholder="Vælg type" options={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.title }))} />
        <SelectField name="ownerId" label="Ansvarlig" options={[{ value: '', label: 'Ingen ansvarlig' }, ...(owners.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))]} />
        <Box gridColumn={{ md: 'span 2' }}>
          <TextField name="title" label="Titel" required />
        </Box>
        <Box gridColumn={{ md: 'span 2' }}>
          <TextField name="url" label="URL" helperText="Arrangementets adresse på hjemmesiden: /events/<url>. Tom: laves af titlen." />
        </Box>
        <DateField name="startDate" label="Start dato" type="datetime-local" required />
        <DateField name="endDate" label="Slut dato" type="datetime-local" required />
        <DateField name="signUpStart" label="Tilmeldingsstart" type="datetime-local" required />
        <DateField name="signUpDeadline" label="Tilmeldingsfrist" type="datetime-local" required />
        <DateField name="signUpPublic" label="Offentlig tilmelding" type="datetime-local" />
        <DateField name="activeDate" label="Aktiv dato" type="datetime-local" />
      </SimpleGrid>
    </Section>
  );
}

function SenderSection() {
  return (
    <Section title="Afsender">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField name="sender.name" label="Afsender navn" />
        <TextField name="sender.email" label="Afsender e-mail" type="email" />
      </SimpleGrid>
    </Section>
  );
}

/** Banner, bottom banner (images) and the invitations' attachment (at most 10000 KB). */
function BannersSection({ event, files, onFiles }: { event: EventRecord | undefined; files: Files; onFiles: (f: Files) => void }) {
  const [attachmentError, setAttachmentError] = useState<string | null>(null);
  return (
    <Section title="Billeder og vedhæftning">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
        <FormField name="bannerPictureFile" label="Banner">
          <ImageUpload value={files.banner} onChange={(f) => onFiles({ ...files, banner: f })} currentUrl={event?.bannerPicture?.url} />
        </FormField>
        <FormField name="bannerBottomFile" label="Bundbanner">
          <ImageUpload value={files.bottom} onChange={(f) => onFiles({ ...files, bottom: f })} currentUrl={event?.bannerBottom?.url} />
        </FormField>
        <Stack gap="2" gridColumn={{ md: 'span 2' }}>
          <FormField name="inviteAttachmentFile" label="Vedhæftet fil til invitationer">
            <Input
              type="file"
              p="1"
              onChange={(e) => {
                const file = e.target.files?.[0] ?? null;
                if (file && file.size > MAX_INVITE_ATTACHMENT_BYTES) {
                  setAttachmentError(EVENT_MSG.attachmentTooLarge);
                  e.target.value = '';
                  return;
                }
                setAttachmentError(null);
                onFiles({ ...files, attachment: file });
              }}
            />
          </FormField>
          {attachmentError && <Text color="fg.error">{attachmentError}</Text>}
          {event?.inviteAttachment && !files.attachment && (
            <Text fontSize="sm" color="fg.muted">
              Nuværende: {event.inviteAttachment.name}
            </Text>
          )}
        </Stack>
      </SimpleGrid>
    </Section>
  );
}

/** Planoversigt: the chart the event's seat map is made from (a seats.io chart key for clubs on seats.io). */
function SeatingSection({ event }: { event: EventRecord | undefined }) {
  return (
    <Section title="Planoversigt">
      <Stack gap="4">
        <TextField name="seating.chartKey" label="Seats.io-salsplan" helperText="Kun for klubber med seats.io: nøglen på salsplanen." />
        {event?.seating.name ? (
          <Text>
            Salsplan: <b>{event.seating.name}</b>
          </Text>
        ) : (
          <Text color="fg.muted">Arrangementet har endnu ingen salsplan.</Text>
        )}
      </Stack>
    </Section>
  );
}

/** Sponsorer: for each of the club's sponsor types, its companies (the form keeps [{type, companies}]). */
function SponsorsSection() {
  const { sponsorTypes } = useEventSettings();
  if (!sponsorTypes.length) {
    return (
      <Section title="Sponsorer">
        <Text color="fg.muted">Klubben har ingen sponsortyper. De sættes op under indstillinger.</Text>
      </Section>
    );
  }
  return (
    <Section title="Sponsorer">
      <Stack gap="5">
        {sponsorTypes.map((type) => (
          <SponsorTypeField key={type} type={type} />
        ))}
      </Stack>
    </Section>
  );
}

/** One type's companies, read from and written into the sponsors array. */
function SponsorTypeField({ type }: { type: string }) {
  const { setValue, control } = useFormContext<EventValues>();
  const groups = (useWatch({ control, name: 'sponsors' }) ?? []) as { type: string; companies: number[] }[];
  const ids = groups.find((g) => g.type === type)?.companies ?? [];
  return (
    <FormField name={`sponsors.${type}`} label={type}>
      <CompaniesPicker
        label={type}
        ids={ids}
        onChange={(next) =>
          setValue('sponsors', [...groups.filter((g) => g.type !== type), ...(next.length ? [{ type, companies: next }] : [])], { shouldDirty: true })
        }
      />
    </FormField>
  );
}
