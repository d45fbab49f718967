import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { MSG } from '@klubhus/domain/messages';
import { Link as RouterLink } from 'react-router';

/** Any unknown path (SPEC §2). */
export function NotFoundPage() {
  return (
    <Center as="main" minH="100dvh" px="6" bg="bg.subtle">
      <Stack gap="5" align="center" textAlign="center">
        <Text fontSize="7xl" fontWeight="black" color="brand.fg" lineHeight="1">
          404
        </Text>
        <Heading as="h1" size="2xl">
          {MSG.pageNotFound}
        </Heading>
        <Text color="fg.muted">Siden du leder efter findes ikke eller er flyttet.</Text>
        <Button asChild colorPalette="brand">
          <RouterLink to="/">Gå til forsiden</RouterLink>
        </Button>
      </Stack>
    </Center>
  );
}
