import { AspectRatio, Badge, Box, Card, DataList, Heading, Image, Link, Skeleton, Stack, Text, Wrap } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { formatEventStart } from '../../ui/format';
import { EventPageSkeleton } from '../../ui/PublicParts';
import { usePageTitle } from '../../ui/page-title';
import { RichText } from '../../ui/RichText';

type PublicEvent = RouterOutputs['publicEvents']['get'];

/** The wizard and the season-ticket card come after the page (their own chunk): the page shows first. */
const BookingWizard = lazy(() => import('./booking/BookingWizard').then((m) => ({ default: m.BookingWizard })));
const SeasonalCard = lazy(() => import('./booking/SeasonalCard').then((m) => ({ default: m.SeasonalCard })));

/** /events/{url}: the event's page (SPEC §2). An unknown or hidden event goes back to /events. */
export default function EventPage() {
  const { id: url = '' } = useParams();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const q = useQuery({ ...trpc.publicEvents.get.queryOptions({ url }), retry: false });
  usePageTitle(q.data?.title);
  useEffect(() => {
    if (q.isError) navigate('/events', { replace: true });
  }, [q.isError, navigate]);

  if (!q.data) return <EventPageSkeleton bannerH="64" />;
  const e = q.data;
  return (
    <Card.Root bg="bg" variant="outline" overflow="hidden">
      {e.bannerPicture && (
        <AspectRatio ratio={21 / 9} bg="bg.muted">
          <Image src={e.bannerPicture} alt="" objectFit="cover" fetchPriority="high" />
        </AspectRatio>
      )}
      <Card.Body p={{ base: '5', md: '10' }} gap="6">
        <Stack gap="2">
          {e.parent && (
            <Link asChild color="fg.muted" fontSize="sm">
              <RouterLink to={`/events/${encodeURIComponent(e.parent.url)}`}>Del af {e.parent.title}</RouterLink>
            </Link>
          )}
          <Heading as="h1" size="3xl">
            {e.title}
          </Heading>
          <Stack gap="0.5">
            <Text fontWeight="medium" color="brand.fg">
              {formatEventStart(e.startDate)}
            </Text>
            {e.location && <Text color="fg.muted">{e.location}</Text>}
          </Stack>
        </Stack>
        <SignupFacts event={e} />
        <Suspense fallback={null}>
          <SeasonalCard eventId={e.id} />
        </Suspense>
        {e.description && <RichText html={e.description} />}
        {e.bookingOpen && (
          <Suspense fallback={<Skeleton h="40" aria-busy="true" />}>
            <BookingWizard eventId={e.id} eventTitle={e.title} terms={e.terms} />
          </Suspense>
        )}
        {e.sponsors.length > 0 && <Sponsors sponsors={e.sponsors} />}
        {e.bannerBottom && <Image src={e.bannerBottom} alt="" loading="lazy" borderRadius="md" w="full" />}
      </Card.Body>
    </Card.Root>
  );
}

/** When signing up opens and closes (SPEC §2: signup start, public signup, deadline). */
function SignupFacts({ event: e }: { event: PublicEvent }) {
  const now = Date.now();
  const status = e.bookingOpen
    ? { label: 'Tilmeldingen er åben', color: 'green' }
    : now < Date.parse(e.signUpStart)
      ? { label: 'Tilmeldingen er ikke åbnet endnu', color: 'gray' }
      : { label: 'Tilmeldingen er lukket', color: 'gray' };
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" bg="bg.subtle">
      <Badge colorPalette={status.color} mb="3">
        {status.label}
      </Badge>
      <DataList.Root orientation="horizontal" size="sm">
        <DataList.Item>
          <DataList.ItemLabel>Tilmelding åbner</DataList.ItemLabel>
          <DataList.ItemValue>{formatEventStart(e.signUpStart)}</DataList.ItemValue>
        </DataList.Item>
        {e.signUpPublic && (
          <DataList.Item>
            <DataList.ItemLabel>Offentlig tilmelding</DataList.ItemLabel>
            <DataList.ItemValue>{formatEventStart(e.signUpPublic)}</DataList.ItemValue>
          </DataList.Item>
        )}
        <DataList.Item>
          <DataList.ItemLabel>Tilmeldingsfrist</DataList.ItemLabel>
          <DataList.ItemValue>{formatEventStart(e.signUpDeadline)}</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
    </Box>
  );
}

/** Sponsors by type, in the club's order, with their web logos (or names). */
function Sponsors({ sponsors }: { sponsors: PublicEvent['sponsors'] }) {
  return (
    <Stack gap="5">
      {sponsors.map((group) => (
        <Stack key={group.type} gap="3">
          <Heading as="h2" size="md">
            {group.type}
          </Heading>
          <Wrap gap="4" align="center">
            {group.companies.map((c) =>
              c.logoWeb ? (
                <Image key={c.id} src={c.logoWeb} alt={c.name} title={c.name} loading="lazy" maxH="16" maxW="40" objectFit="contain" />
              ) : (
                <Box key={c.id} borderWidth="1px" borderRadius="md" px="4" py="3" fontWeight="medium">
                  {c.name}
                </Box>
              ),
            )}
          </Wrap>
        </Stack>
      ))}
    </Stack>
  );
}
