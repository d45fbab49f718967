import { Card, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A public page's card when its record is not there: the heading and what to do about it. */
export function NotFoundCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root bg="bg" variant="outline">
      <Card.Body p={{ base: '6', md: '10' }}>
        <Heading as="h1" size="xl" mb="3">
          {title}
        </Heading>
        <Text color="fg.muted">{children}</Text>
      </Card.Body>
    </Card.Root>
  );
}

/** An event page while it loads: the banner (its height), the heading and a line. */
export function EventPageSkeleton({ bannerH }: { bannerH: string }) {
  return (
    <Stack gap="4" aria-busy="true">
      <Skeleton h={bannerH} />
      <Skeleton h="8" w="60%" />
      <Skeleton h="5" />
    </Stack>
  );
}
