import { Badge, Box, Card, Heading, Image, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { formatEventStart } from '../../ui/format';
import { usePageTitle } from '../../ui/page-title';
import { EventPageSkeleton, NotFoundCard } from '../../ui/PublicParts';
import { RichText } from '../../ui/RichText';
import { BookingWizard } from '../public-events/booking/BookingWizard';


/** An invitation as its mailed link opens it: the event, who is invited and with which tickets. */
export default function InvitationPage() {
  const { token = '' } = useParams();
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.publicEvents.invite.queryOptions({ token }), retry: false });
  usePageTitle(q.data ? `Invitation: ${q.data.event.title}` : 'Invitation');

  if (q.isPending) return <EventPageSkeleton bannerH="48" />;
  if (!q.data) {
    return (
      <NotFoundCard title="Invitationen blev ikke fundet">
        Linket er ugyldigt eller invitationen er trukket tilbage. Kontakt klubben, hvis du mener, det er en fejl.
      </NotFoundCard>
    );
  }
  const { event, contact, company, products } = q.data;
  const open = Date.now() >= Date.parse(event.signUpStart) && Date.now() <= Date.parse(event.signUpDeadline);
  return (
    <Card.Root bg="bg" variant="outline" overflow="hidden">
      {event.bannerPicture && <Image src={event.bannerPicture} alt="" w="full" maxH="72" objectFit="cover" />}
      <Card.Body p={{ base: '5', md: '10' }} gap="5">
        <Box>
          <Text color="fg.muted">
            Kære {contact.firstname}
            {company ? `, ${company}` : ''}
          </Text>
          <Heading as="h1" size="2xl" mt="1">
            Du er inviteret til {event.title}
          </Heading>
        </Box>
        <Stack gap="1">
          <Text fontWeight="medium">{formatEventStart(event.startDate)}</Text>
          {event.location && <Text color="fg.muted">{event.location}</Text>}
          <Text color="fg.muted" fontSize="sm">
            Tilmeldingsfrist: {formatEventStart(event.signUpDeadline)}{' '}
            <Badge colorPalette={open ? 'green' : 'gray'} ms="1">
              {open ? 'Tilmelding åben' : 'Tilmelding lukket'}
            </Badge>
          </Text>
        </Stack>
        {event.description && <RichText html={event.description} />}
        {products.length > 0 && (
          <Box>
            <Heading as="h2" size="md" mb="2">
              Din invitation omfatter
            </Heading>
            <Table.Root size="sm" variant="outline">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Billet</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Antal</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {products.map((p) => (
                  <Table.Row key={p.productId}>
                    <Table.Cell>{p.product}</Table.Cell>
                    <Table.Cell textAlign="end">{p.amount}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
        {open && <BookingWizard eventId={event.id} eventTitle={event.title} terms={null} inviteToken={token} />}
      </Card.Body>
    </Card.Root>
  );
}
