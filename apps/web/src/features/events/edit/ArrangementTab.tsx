import { Box, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTRPC } from '../../../lib/trpc';
import { AsyncSelectField, CheckboxField, DateField, NumberField, TextareaField, TextField } from '../../../ui/form';
import { Section } from '../../../ui/PageHeader';
import { formatCount } from '../../../ui/format';
import { LinkButton } from '../../../ui/LinkButton';
import { RichText } from '../../../ui/RichText';
import { useFeature } from '../../products/shared';
import { ExtraInfoSection } from './ExtraInfoSection';
import { NotificationsSection } from './NotificationsSection';
import { SponsorsSection } from './SponsorsSection';
import { UploadField } from './uploads';
import type { Event } from './values';

/** Top-level names on the Arrangement tab (an invalid Gem opens the tab with the first error). */
export const ARRANGEMENT_FIELDS = [
  'typeId', 'title', 'url', 'startDate', 'endDate', 'signUpStart', 'signUpPublic', 'signUpDeadline', 'activeDate', 'location', 'description',
  'privateDescription', 'ticketDescription', 'terms', 'emailNotifications', 'smsNotifications', 'extraInfo', 'ownerId', 'maxSignups',
  'maxCompanySignups', 'sender', 'sponsors', 'bannerPictureFile', 'bannerBottomFile', 'inviteAttachmentFile', 'seating',
];

/**
 * The Arrangement tab (SPEC §2): type, dates, details, terms, notifications, extra info, Ansvarlig, feature
 * toggles, sender, seating chart, partners. A type (`event` absent) has no dates, owner, sender, files or partners.
 */
export function ArrangementTab({ kind, event, onType }: { kind: 'event' | 'type'; event?: Event; onType?: (typeId: number) => void }) {
  const isEvent = kind === 'event';
  return (
    <Stack gap="0">
      <DetailsSection isEvent={isEvent} onType={onType} />
      {isEvent && <DatesSection />}
      <DescriptionSection />
      <FeaturesSection />
      {isEvent && <OwnerSenderSection />}
      <NotificationsSection />
      <ExtraInfoSection />
      {isEvent && <MediaSection event={event} />}
      <SeatingChartSection event={event} />
      {isEvent && <SponsorsSection event={event} />}
    </Stack>
  );
}

function DetailsSection({ isEvent, onType }: { isEvent: boolean; onType?: (typeId: number) => void }) {
  const trpc = useTRPC();
  const types = useQuery({ ...trpc.eventTypes.options.queryOptions(), enabled: isEvent });
  return (
    <Section title={isEvent ? 'Arrangement' : 'Type'}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {isEvent && (
          <Box
            onChange={(e) => {
              const v = Number((e.target as unknown as HTMLSelectElement).value);
              if (v > 0) onType?.(v);
            }}
          >
            <AsyncSelectField
              name="typeId"
              label="Type"
              required
              placeholder="Vælg type"
              options={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.title }))}
            />
          </Box>
        )}
        <TextField name="title" label="Titel" required />
        {isEvent && <TextField name="url" label="URL" helperText="Tom: dannes af titlen." />}
        <TextField name="location" label="Sted" />
      </SimpleGrid>
    </Section>
  );
}

function DatesSection() {
  return (
    <Section title="Datoer">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <DateField type="datetime-local" name="startDate" label="Start dato" required />
        <DateField type="datetime-local" name="endDate" label="Slut dato" required />
        <DateField type="datetime-local" name="signUpStart" label="Tilmeldingsstart" required />
        <DateField type="datetime-local" name="signUpDeadline" label="Tilmeldingsfrist" required />
        <DateField type="datetime-local" name="signUpPublic" label="Offentlig tilmelding" />
        <DateField type="datetime-local" name="activeDate" label="Aktiv dato" />
      </SimpleGrid>
    </Section>
  );
}

function DescriptionSection() {
  const description = useWatch({ name: 'description' }) as string | null | undefined;
  return (
    <Section title="Beskrivelse">
      <Stack gap="4">
        <TextareaField name="description" label="Beskrivelse" rows={6} helperText="HTML er tilladt." />
        {description && (
          <Box borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle">
            <Text fontSize="xs" color="fg.muted" mb="2">
              Forhåndsvisning
            </Text>
            <RichText html={description} />
          </Box>
        )}
        <TextareaField name="privateDescription" label="Intern beskrivelse" />
        <TextareaField name="ticketDescription" label="Billetbeskrivelse" />
        <TextareaField name="terms" label="Betingelser" />
      </Stack>
    </Section>
  );
}

function FeaturesSection() {
  const hasTickets = useWatch({ name: 'hasTickets' }) as boolean;
  return (
    <Section title="Funktioner">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <CheckboxField name="hasTickets" label="Billetter" />
        <CheckboxField name="hasSeating" label="Pladser (salsplan)" />
        <CheckboxField name="hasSponsors" label="Sponsorer" />
        <CheckboxField name="hasTables" label="Bordplan" />
        <CheckboxField name="private" label="Privat" />
        <CheckboxField name="businessOnly" label="Kun for virksomheder" />
        <CheckboxField name="promote" label="Fremhæv" />
        <CheckboxField name="showParticipants" label="Vis deltagere" />
      </SimpleGrid>
      {!hasTickets && (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="4">
          <NumberField name="maxSignups" label="Maks. tilmeldinger" decimals={false} helperText="Tom: ubegrænset." />
          <NumberField name="maxCompanySignups" label="Maks. tilmeldinger pr. virksomhed" decimals={false} helperText="Tom: ubegrænset." />
        </SimpleGrid>
      )}
    </Section>
  );
}

function OwnerSenderSection() {
  const trpc = useTRPC();
  const owners = useQuery(trpc.app.owners.queryOptions());
  return (
    <Section title="Ansvarlig og afsender">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <AsyncSelectField
          name="ownerId"
          label="Ansvarlig"
          options={[{ value: '', label: 'Ingen ansvarlig' }, ...(owners.data ?? []).map((o) => ({ value: String(o.id), label: o.name || o.email }))]}
        />
        <TextField name="sender.name" label="Afsender navn" />
        <TextField name="sender.email" label="Afsender e-mail" type="email" />
      </SimpleGrid>
    </Section>
  );
}

function MediaSection({ event }: { event?: Event }) {
  return (
    <Section title="Billeder og bilag">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <UploadField upload="bannerPictureFile" refName="bannerPicture" label="Banner" currentUrl={event?.bannerPicture?.url} />
        <UploadField upload="bannerBottomFile" refName="bannerBottom" label="Banner (bund)" currentUrl={event?.bannerBottom?.url} />
        <UploadField
          upload="inviteAttachmentFile"
          refName="inviteAttachment"
          label="Bilag til invitation"
          image={false}
          currentUrl={event?.inviteAttachment?.url}
          currentName={event?.inviteAttachment?.name}
          helperText="Maks. 10000 KB."
        />
      </SimpleGrid>
    </Section>
  );
}

/**
 * SPEC §2 seating chart picker (§4: the list loads when hasSeating is turned on). The event gets its
 * own copy of the chosen chart when saved; a club on seats.io names a seats.io chart instead.
 */
function SeatingChartSection({ event }: { event?: Event }) {
  const trpc = useTRPC();
  const hasSeating = useWatch({ name: 'hasSeating' }) as boolean;
  const charts = useQuery({ ...trpc.seatingCharts.options.queryOptions(), enabled: hasSeating });
  const seatsio = useFeature('events', 'seatsio');
  if (!hasSeating) return null;
  return (
    <Section title="Salsplan" actions={<LinkButton to="/events/charts" size="sm" variant="outline">Salsplaner</LinkButton>}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <AsyncSelectField
          name="seating.chartId"
          label="Salsplan"
          placeholder="Ingen salsplan"
          options={(charts.data ?? []).map((c) => ({ value: String(c.id), label: `${c.name} (${formatCount(c.seats)} pladser)` }))}
        />
        {seatsio && <TextField name="seating.chartKey" label="Seats.io chart key" helperText="Sælg pladserne gennem seats.io i stedet for klubbens egen salsplan." />}
      </SimpleGrid>
      {event && (
        <Text color="fg.muted" mt="3" fontSize="sm">
          {event.seating.eventId
            ? 'Arrangementet har sin egen kopi af salsplanen: ændringer i salsplanen påvirker ikke dette arrangement. Pladserne ses under Planoversigt.'
            : 'Arrangementet får sin egen kopi af salsplanen, når det gemmes.'}
        </Text>
      )}
    </Section>
  );
}
