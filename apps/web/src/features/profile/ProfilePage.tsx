import { Avatar, Badge, Card, DataList, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { fullName, useAppState } from '../../lib/appState';
import { PageHeader } from '../../ui/PageHeader';

const ROLE_NAMES: Record<string, string> = { admin: 'Administrator', staff: 'Medarbejder', member: 'Medlem' };

/** The user's own data (SPEC §2 /profile). Editing, payment cards and subscriptions come with the profile issue. */
export default function ProfilePage() {
  const { user, client } = useAppState();
  if (!user) return null;
  const name = fullName(user);
  const rows: [string, string | null][] = [
    ['Fornavn', user.firstname],
    ['Efternavn', user.lastname],
    ['E-mail', user.email],
    ['Titel', user.title],
    ['Telefon', user.phone],
    ['Mobil', user.mobile],
    ['LinkedIn', user.linkedin],
  ];
  return (
    <>
      <PageHeader title="Profil" />
      <Stack gap="6">
        <Card.Root bg="bg" variant="outline">
          <Card.Body>
            <HStack gap="5" mb="6">
              <Avatar.Root size="2xl">
                <Avatar.Fallback name={name} />
                {user.picture && <Avatar.Image src={user.picture} alt="" />}
              </Avatar.Root>
              <Stack gap="1">
                <Heading as="h2" size="lg">
                  {name}
                </Heading>
                <Text color="fg.muted">{user.email}</Text>
                <HStack>
                  {user.superAdmin && <Badge colorPalette="purple">System Admin</Badge>}
                  {user.admin && <Badge colorPalette="blue">Administrator</Badge>}
                </HStack>
              </Stack>
            </HStack>
            <DataList.Root orientation="horizontal">
              {rows
                .filter(([, v]) => v)
                .map(([label, value]) => (
                  <DataList.Item key={label}>
                    <DataList.ItemLabel>{label}</DataList.ItemLabel>
                    <DataList.ItemValue>{value}</DataList.ItemValue>
                  </DataList.Item>
                ))}
            </DataList.Root>
            {user.about && (
              <Text mt="4" whiteSpace="pre-line">
                {user.about}
              </Text>
            )}
          </Card.Body>
        </Card.Root>
        <Card.Root bg="bg" variant="outline">
          <Card.Header>
            <Heading as="h2" size="md">
              Klubber
            </Heading>
          </Card.Header>
          <Card.Body>
            <Table.Root size="sm" aria-label="Klubber">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Klub</Table.ColumnHeader>
                  <Table.ColumnHeader>Rolle</Table.ColumnHeader>
                  <Table.ColumnHeader />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {user.clients.map((c) => (
                  <Table.Row key={c.clientId}>
                    <Table.Cell>{c.name}</Table.Cell>
                    <Table.Cell>{ROLE_NAMES[c.role] ?? c.role}</Table.Cell>
                    <Table.Cell textAlign="end">
                      {c.clientId === client?.id ? (
                        <Badge colorPalette="green">Aktiv</Badge>
                      ) : !c.accepted ? (
                        <Badge>Afventer</Badge>
                      ) : null}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Card.Body>
        </Card.Root>
      </Stack>
    </>
  );
}
