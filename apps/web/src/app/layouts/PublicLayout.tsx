import {
  Badge,
  Box,
  Button,
  CloseButton,
  Container,
  Drawer,
  Flex,
  HStack,
  IconButton,
  Link,
  Portal,
  Separator,
  Stack,
  Text,
} from '@chakra-ui/react';
import { ShoppingCart } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDKK, kronerToOre } from '@klubhus/domain';
import { cartTotals, lineTotal, useCart } from '../../lib/cart';
import { ClubLogo } from '../../ui/ClubLogo';
import { fullName, useAppState } from '../../lib/appState';

/** SPEC §2 public layout: header (logo, Log ind / Opret bruger or name + Log ud, cart) and footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <PublicHeader />
      <Box as="main" flex="1" py={{ base: '6', md: '10' }}>
        <Container maxW="6xl">{children}</Container>
      </Box>
      <PublicFooter />
    </Flex>
  );
}

function PublicHeader() {
  const { client, user, clubName } = useAppState();
  const { count, setDrawerOpen } = useCart();
  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
      <Container maxW="6xl">
        <Flex h="16" align="center" justify="space-between" gap="4">
          <Link asChild _hover={{ textDecoration: 'none' }} aria-label={`${clubName} – forside`}>
            <RouterLink to="/">
              <ClubLogo name={clubName} logo={client?.logo} />
            </RouterLink>
          </Link>
          <HStack gap="2">
            {user ? (
              <>
                <Button asChild variant="ghost" size="sm">
                  <RouterLink to="/profile">{fullName(user)}</RouterLink>
                </Button>
                <Button variant="outline" size="sm" onClick={() => window.location.assign('/logout')}>
                  Log ud
                </Button>
              </>
            ) : (
              <>
                <Button asChild variant="ghost" size="sm">
                  <RouterLink to="/login">Log ind</RouterLink>
                </Button>
                <Button asChild colorPalette="brand" size="sm">
                  <RouterLink to="/signup">Opret bruger</RouterLink>
                </Button>
              </>
            )}
            <Box position="relative">
              <IconButton variant="outline" size="sm" aria-label={`Kurv (${count})`} onClick={() => setDrawerOpen(true)}>
                <ShoppingCart />
              </IconButton>
              <Badge
                position="absolute"
                top="-2"
                right="-2"
                borderRadius="full"
                colorPalette={count > 0 ? 'brand' : 'gray'}
                variant="solid"
                size="sm"
                data-testid="cart-count"
                aria-hidden
              >
                {count}
              </Badge>
            </Box>
          </HStack>
        </Flex>
      </Container>
      <CartDrawer />
    </Box>
  );
}

function CartDrawer() {
  const { cart, drawerOpen, setDrawerOpen } = useCart();
  const { client } = useAppState();
  const totals = cartTotals(cart, client);
  return (
    <Drawer.Root open={drawerOpen} onOpenChange={(d) => setDrawerOpen(d.open)} placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW="24rem" w="full">
            <Drawer.Header>
              <Drawer.Title>Kurv</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              {cart.lines.length === 0 ? (
                <Text color="fg.muted">Kurven er tom.</Text>
              ) : (
                <Stack gap="3" as="ul" listStyleType="none">
                  {cart.lines.map((l) => (
                    <Flex as="li" key={l.id} justify="space-between" gap="3">
                      <Box>
                        <Text fontWeight="medium">{l.title}</Text>
                        <Text fontSize="sm" color="fg.muted">
                          {l.amount} × {formatDKK(kronerToOre(l.price))}
                        </Text>
                      </Box>
                      <Text fontWeight="medium">{formatDKK(lineTotal(l))}</Text>
                    </Flex>
                  ))}
                </Stack>
              )}
            </Drawer.Body>
            <Drawer.Footer flexDirection="column" alignItems="stretch" gap="2">
              <Separator />
              <Flex justify="space-between">
                <Text>Subtotal</Text>
                <Text>{formatDKK(totals.subtotal)}</Text>
              </Flex>
              <Flex justify="space-between">
                <Text>Moms</Text>
                <Text>{formatDKK(totals.vat)}</Text>
              </Flex>
              <Flex justify="space-between" fontWeight="bold">
                <Text>Total</Text>
                <Text>{formatDKK(totals.total)}</Text>
              </Flex>
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Luk kurv" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function PublicFooter() {
  const { client, clubName } = useAppState();
  const year = new Date().getFullYear();
  return (
    <Box as="footer" bg="bg" borderTopWidth="1px" py="8" mt="10">
      <Container maxW="6xl">
        <Flex direction={{ base: 'column', md: 'row' }} justify="space-between" gap="6">
          <Stack gap="1" fontSize="sm">
            <Text fontWeight="semibold">{clubName}</Text>
            {client?.address && <Text>{client.address}</Text>}
            {(client?.zipCode || client?.city) && <Text>{[client?.zipCode, client?.city].filter(Boolean).join(' ')}</Text>}
            {client?.email && (
              <Link href={`mailto:${client.email}`} colorPalette="brand">
                {client.email}
              </Link>
            )}
            {client?.phone && <Link href={`tel:${client.phone.replace(/\s/g, '')}`}>{client.phone}</Link>}
          </Stack>
          <Stack gap="1" fontSize="sm" align={{ base: 'flex-start', md: 'flex-end' }}>
            <Link asChild colorPalette="brand">
              <RouterLink to="/terms">Handelsbetingelser</RouterLink>
            </Link>
            <Link asChild colorPalette="brand">
              <RouterLink to="/subscription-terms">Abonnementsbetingelser</RouterLink>
            </Link>
            <Text color="fg.muted" mt="2">
              © {year} {clubName}
            </Text>
          </Stack>
        </Flex>
      </Container>
    </Box>
  );
}
