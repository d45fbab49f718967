import { Box, Card, Center, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ClubLogo } from '../../ui/ClubLogo';
import { useAppState } from '../../lib/appState';

/** Centered card for login, signup and password pages. */
export function AuthLayout({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  const { client, clubName } = useAppState();
  return (
    <Center as="main" minH="100dvh" bg="bg.subtle" px="4" py="10">
      <Stack gap="6" w="full" maxW="md">
        <Center>
          <Link asChild _hover={{ textDecoration: 'none' }} aria-label={`${clubName} – forside`}>
            <RouterLink to="/">
              <ClubLogo name={clubName} logo={client?.logo} />
            </RouterLink>
          </Link>
        </Center>
        <Card.Root bg="bg" variant="elevated">
          <Card.Body p={{ base: '6', md: '8' }}>
            <Heading as="h1" size="xl" mb="6">
              {title}
            </Heading>
            {children}
          </Card.Body>
        </Card.Root>
        {footer && (
          <Box textAlign="center" fontSize="sm" color="fg.muted">
            <Text as="div">{footer}</Text>
          </Box>
        )}
      </Stack>
    </Center>
  );
}
