import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { NOTIFICATION_GROUPS, NOTIFICATION_LABELS, REMINDER_INTERVALS, STANDARD_TEMPLATE } from '@klubhus/domain';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';
import { Section } from '../../../ui/PageHeader';
import { CheckboxGroupField } from './fields';
import { AsyncSelectField } from '../../../ui/form';

const INTERVALS = REMINDER_INTERVALS.map((d) => ({ value: d, label: d === 1 ? '1 dag før' : `${d} dage før` }));

/** E-mail and SMS notifications (SPEC §3, §9): a template per group (Ingen, Standard, the club's), reminder days before. */
export function NotificationsSection() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.events.settings.queryOptions());
  const options = (names: string[] | undefined) => [
    { value: '', label: 'Ingen' },
    { value: STANDARD_TEMPLATE, label: 'Standard' },
    ...(names ?? []).map((n) => ({ value: n, label: n })),
  ];
  return (
    <>
      {(['emailNotifications', 'smsNotifications'] as const).map((kind) => (
        <Section key={kind} title={kind === 'emailNotifications' ? 'E-mail notifikationer' : 'SMS notifikationer'}>
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              {NOTIFICATION_GROUPS.map((g) => (
                <AsyncSelectField
                  key={g}
                  name={`${kind}.${g}.template`}
                  label={NOTIFICATION_LABELS[g]}
                  options={options(kind === 'emailNotifications' ? settings.data?.emailTemplates : settings.data?.smsTemplates)}
                />
              ))}
            </SimpleGrid>
            <CheckboxGroupField name={`${kind}.reminder.reminderInterval`} label="Påmindelse sendes" options={INTERVALS} />
            {kind === 'smsNotifications' && (
              <Text fontSize="sm" color="fg.muted">
                SMS sendes til kontaktpersonens mobilnummer.
              </Text>
            )}
          </Stack>
        </Section>
      ))}
    </>
  );
}
