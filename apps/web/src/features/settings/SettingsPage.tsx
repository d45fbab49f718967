import { Card, Heading, LinkBox, LinkOverlay, SimpleGrid, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { useSideNav } from '../../lib/navigation';
import { PageHeader } from '../../ui/PageHeader';

/** /settings (Indstillinger): the settings sections this user may open. */
export default function SettingsPage() {
  const sections = useSideNav('settings').filter((e) => e.to !== '/settings');
  return (
    <>
      <PageHeader title="Indstillinger" />
      {sections.length === 0 ? (
        <Text color="fg.muted">Der er ingen indstillinger, du har adgang til endnu.</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
          {sections.map((s) => (
            <LinkBox asChild key={s.to}><Card.Root bg="bg" variant="outline" _hover={{ borderColor: 'brand.solid' }}>
              <Card.Body>
                <Heading as="h2" size="md" mb="1">
                  <LinkOverlay asChild>
                    <RouterLink to={s.to}>{s.label}</RouterLink>
                  </LinkOverlay>
                </Heading>
                {s.description && (
                  <Text color="fg.muted" fontSize="sm">
                    {s.description}
                  </Text>
                )}
              </Card.Body>
            </Card.Root></LinkBox>
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
