import { Box, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { fullName, useAppState } from '../../lib/appState';
import { HomeEvents } from '../public-events/HomeEvents';
import { HOME_TEXT } from './texts';

/** Public home (title Forside): the club's welcome and, with the events module on, its featured and upcoming events. */
export default function HomePage() {
  const { client, user, clubName, modules } = useAppState();
  const hasEvents = modules.some((m) => m.alias === 'events');
  return (
    <Stack gap="8">
      <Card.Root bg="bg" variant="outline" overflow="hidden">
        <Box h="2" bgGradient="to-r" gradientFrom="brand.solid" gradientTo="purple.500" />
        <Card.Body p={{ base: '6', md: '10' }}>
          <Heading as="h1" size="3xl" mb="3">
            {HOME_TEXT.welcome(clubName)}
          </Heading>
          {user ? (
            <Text color="fg.muted" fontSize="lg">
              Du er logget ind som {fullName(user)}.
            </Text>
          ) : (
            <Text color="fg.muted" fontSize="lg">
              {HOME_TEXT.visitorLead}
            </Text>
          )}
          <HStack mt="6" gap="3">
            {user ? (
              <Button asChild colorPalette="brand">
                <RouterLink to="/profile">Min profil</RouterLink>
              </Button>
            ) : (
              <>
                <Button asChild colorPalette="brand">
                  <RouterLink to="/login">Log ind</RouterLink>
                </Button>
                <Button asChild variant="outline">
                  <RouterLink to="/signup">Opret bruger</RouterLink>
                </Button>
              </>
            )}
          </HStack>
        </Card.Body>
      </Card.Root>
      {hasEvents && <HomeEvents />}
      {client && (client.email || client.phone) && (
        <Text color="fg.muted" fontSize="sm">
          Spørgsmål? Kontakt {clubName}
          {client.email ? ` på ${client.email}` : ''}
          {client.phone ? ` eller ${client.phone}` : ''}.
        </Text>
      )}
    </Stack>
  );
}
