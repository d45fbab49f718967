import { Badge, HStack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';

/** The Noter tab's label with the viewer's unread comments as a badge (the comments panel's first page query). */
export function NotesLabel({ eventId }: { eventId: number }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.comments.list.queryOptions({ originType: 'event', originId: eventId, skip: 0 }));
  const unread = q.data?.unread ?? 0;
  return (
    <HStack gap="2" as="span">
      <span>Noter</span>
      {unread > 0 && (
        <Badge colorPalette="red" variant="solid" size="sm" aria-label={`${unread} ulæste`}>
          {unread}
        </Badge>
      )}
    </HStack>
  );
}
