import { Card, Heading, HStack, LinkBox, LinkOverlay, SimpleGrid, Text, Box } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { useModuleLinks } from '../../lib/navigation';
import { useAppState } from '../../lib/appState';
import { ModuleIcon } from '../../ui/ModuleIcon';
import { PageHeader } from '../../ui/PageHeader';

/** Back-office start page (dashboard module 'home'): welcome and the club's enabled modules. Widgets come with the dashboard issue. */
export default function StaffHomePage() {
  const state = useAppState();
  const links = useModuleLinks().filter((l) => l.to !== '/');
  return (
    <>
      <PageHeader title={`Velkommen, ${state.user?.firstname ?? ''}`} documentTitle="Forside" subtitle={state.clubName} />
      {links.length === 0 ? (
        <Text color="fg.muted">Der er ingen moduler slået til for klubben endnu.</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4" as="ul" listStyleType="none">
          {links.map((l) => (
            <Box as="li" key={l.alias}>
              <LinkBox asChild><Card.Root bg="bg" variant="outline" _hover={{ borderColor: 'brand.solid', shadow: 'sm' }} transition="all 0.15s">
                <Card.Body>
                  <HStack gap="4">
                    <Box p="3" borderRadius="lg" bg="brand.subtle" color="brand.fg">
                      <ModuleIcon name={l.icon} size={22} />
                    </Box>
                    <Heading as="h2" size="md">
                      <LinkOverlay asChild>
                        <RouterLink to={l.to}>{l.name}</RouterLink>
                      </LinkOverlay>
                    </Heading>
                  </HStack>
                </Card.Body>
              </Card.Root></LinkBox>
            </Box>
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
