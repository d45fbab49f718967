import { Stack } from '@chakra-ui/react';
import { CreateInvitesSection, InviteProductsSection } from './InviteesSection';
import { InviteGroupsSection } from './InviteGroupsSection';

/** Invitationer: the products an invitation gives; for a saved event also who to invite and the invites (SPEC §2, §3). */
export function InvitationsTab({ eventId }: { eventId?: number }) {
  return (
    <Stack gap="0">
      <InviteProductsSection />
      {eventId !== undefined && <CreateInvitesSection eventId={eventId} />}
      {eventId !== undefined && <InviteGroupsSection eventId={eventId} />}
    </Stack>
  );
}
