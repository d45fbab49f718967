import { Badge, HStack } from '@chakra-ui/react';
import type { AttachmentRelation } from '@klubhus/domain';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/** A Noter tab's label with the viewer's unread comments of the record as a badge (the comments panel's first page query). */
export function CommentsTabLabel({ originType, originId, label = 'Noter' }: { originType: AttachmentRelation; originId: number; label?: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.comments.list.queryOptions({ originType, originId, skip: 0 }));
  const unread = q.data?.unread ?? 0;
  return (
    <HStack gap="2" as="span">
      <span>{label}</span>
      {unread > 0 && (
        <Badge colorPalette="red" variant="solid" size="sm" aria-label={`${unread} ulæste`}>
          {unread}
        </Badge>
      )}
    </HStack>
  );
}
