import { Avatar, Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { Eye, Plus, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { LinkButton } from '../../ui/LinkButton';
import { Section } from '../../ui/PageHeader';
import { ContactPicker } from '../contacts/ContactPicker';
import { CreateContactModal } from '../contacts/CreateContactModal';

export interface ContactCard {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
  mobile: string | null;
  pictureUrl?: string | null;
  picture?: string | number | null;
  highlighted?: boolean;
}

/**
 * Contact cards of a company (SPEC §2): view (link to the contact) and remove;
 * add an existing contact with the picker or create one. Changes are saved with
 * the company (contactIds).
 */
export function CompanyContactsSection({ companyId, cards, onChange }: { companyId: number | null; cards: ContactCard[]; onChange: (cards: ContactCard[]) => void }) {
  const [adding, setAdding] = useState(false);
  const [creating, setCreating] = useState<string | null>(null);
  return (
    <Section
      title="Kontaktpersoner"
      actions={
        <Button size="xs" variant="outline" onClick={() => setAdding((a) => !a)}>
          <Plus /> Tilføj kontakt
        </Button>
      }
    >
      <Stack gap="3">
        {adding && (
          <ContactPicker
            label="Tilføj eksisterende kontakt"
            excludeIds={cards.map((c) => c.id)}
            onPick={(c) => {
              onChange([...cards, { ...c, pictureUrl: c.picture }]);
              setAdding(false);
            }}
            onCreate={(typed) => setCreating(typed)}
          />
        )}
        {cards.length === 0 && !adding && (
          <Text color="fg.muted" fontSize="sm">
            Virksomheden har ingen kontaktpersoner endnu.
          </Text>
        )}
        {cards.map((c) => {
          const name = `${c.firstname} ${c.lastname}`;
          const picture = c.pictureUrl ?? (typeof c.picture === 'string' ? c.picture : null);
          return (
            <Box key={c.id} borderWidth="1px" borderRadius="md" p="3" data-testid="contact-card">
              <Flex gap="3" align="center">
                <Avatar.Root size="md">
                  {picture && <Avatar.Image src={picture} alt="" />}
                  <Avatar.Fallback name={name} />
                </Avatar.Root>
                <Box flex="1" minW="0">
                  <HStack gap="2">
                    <Text fontWeight="semibold" truncate>
                      {name}
                    </Text>
                    {c.highlighted && (
                      <Badge size="sm" colorPalette="yellow">
                        Fremhævet
                      </Badge>
                    )}
                  </HStack>
                  <Text fontSize="sm" color="fg.muted" truncate>
                    {c.email}
                  </Text>
                  {(c.phone || c.mobile) && (
                    <Text fontSize="sm" color="fg.muted">
                      {[c.phone, c.mobile].filter(Boolean).join(' · ')}
                    </Text>
                  )}
                </Box>
              </Flex>
              <HStack gap="2" mt="3" justify="flex-end">
                <LinkButton to={`/contacts/${c.id}`} size="xs" variant="outline" aria-label={`Vis ${name}`}>
                  <Eye /> Vis
                </LinkButton>
                <Button size="xs" variant="outline" colorPalette="red" aria-label={`Fjern ${name}`} onClick={() => onChange(cards.filter((x) => x.id !== c.id))}>
                  <UserMinus /> Fjern
                </Button>
              </HStack>
            </Box>
          );
        })}
        {companyId === null && cards.length > 0 && (
          <Text fontSize="xs" color="fg.muted">
            Kontaktpersonerne knyttes til virksomheden, når du gemmer.
          </Text>
        )}
      </Stack>
      <CreateContactModal
        open={creating !== null}
        initialName={creating ?? ''}
        companyIds={companyId ? [companyId] : undefined}
        onClose={() => setCreating(null)}
        onCreated={(c) => {
          onChange([...cards, { ...c, phone: null, mobile: null }]);
          setCreating(null);
          setAdding(false);
        }}
      />
    </Section>
  );
}
