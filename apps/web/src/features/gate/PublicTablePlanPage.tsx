import { Badge, Card, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { usePageTitle } from '../../ui/page-title';
import { NotFoundCard } from '../../ui/PublicParts';
import { SearchInput } from '../../ui/SearchInput';

/** /public/events/{id}/table-plan: the tables and who sits where; a guest types a name and sees the table. */
export default function PublicTablePlanPage() {
  const { id = '' } = useParams();
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const q = useQuery({ ...trpc.gate.publicTablePlan.queryOptions({ id: Number(id) }), retry: false, enabled: /^\d{1,9}$/.test(id) });
  usePageTitle(q.data ? `Bordplan: ${q.data.title}` : 'Bordplan');
  if (q.isLoading) return <Skeleton h="48" aria-busy="true" />;
  if (!q.data) return <NotFoundCard title="Bordplanen blev ikke fundet">Arrangementet har ingen bordplan.</NotFoundCard>;
  const needle = search.trim().toLowerCase();
  const matches = (s: string | null) => !!needle && !!s && s.toLowerCase().includes(needle);
  const tables = needle ? q.data.tables.filter((t) => t.guests.some((g) => matches(g.name) || matches(g.company))) : q.data.tables;
  return (
    <Stack gap="6">
      <Stack gap="2">
        <Heading as="h1" size="2xl">
          Bordplan – {q.data.title}
        </Heading>
        <SearchInput value={search} onChange={setSearch} placeholder="Find dit navn eller firma..." delay={150} />
      </Stack>
      {needle && tables.length === 0 && <Text>Ingen elementer blev fundet.</Text>}
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
        {tables.map((t) => (
          <Card.Root key={t.title} variant="outline" bg="bg" role="region" aria-label={t.title}>
            <Card.Body>
              <Heading as="h2" size="lg">
                {t.title}
              </Heading>
              {t.description && <Text color="fg.muted">{t.description}</Text>}
              <Stack gap="1" mt="3" as="ul" listStyleType="none">
                {t.guests.map((g, i) => (
                  <Text as="li" key={`${g.name}-${i}`} fontWeight={matches(g.name) || matches(g.company) ? 'bold' : undefined}>
                    {g.name ?? 'Gæst'}
                    {g.company && (
                      <Badge ms="2" variant="subtle">
                        {g.company}
                      </Badge>
                    )}
                  </Text>
                ))}
              </Stack>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
