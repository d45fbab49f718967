import { Card, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { RichText } from '../../ui/RichText';

/** A terms page: the club's own HTML (app.terms), sanitised. */
export function TermsView({ kind, title }: { kind: 'terms' | 'subscriptionTerms'; title: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.app.terms.queryOptions({ kind }));
  return (
    <Card.Root bg="bg" variant="outline">
      <Card.Body p={{ base: '6', md: '10' }}>
        <Heading as="h1" size="2xl" mb="6">
          {title}
        </Heading>
        {q.isPending ? (
          <Stack gap="3">
            <Skeleton h="5" />
            <Skeleton h="5" />
            <Skeleton h="5" w="60%" />
          </Stack>
        ) : q.data ? (
          <RichText html={q.data} />
        ) : (
          <Text color="fg.muted">Klubben har endnu ikke skrevet {title.toLowerCase()}.</Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
