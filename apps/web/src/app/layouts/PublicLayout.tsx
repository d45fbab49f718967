import {
  Badge,
  Box,
  Button,
  Container,
  Flex,
  HStack,
  IconButton,
  Link,
  Stack,
  Text,
} from '@chakra-ui/react';
import { ShoppingCart } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCart } from '../../lib/cart';
import { ClubLogo } from '../../ui/ClubLogo';

const CartDrawer = lazy(() => import('./CartDrawer'));
import { fullName, useAppState } from '../../lib/appState';

/** SPEC §2 public layout: header (logo, Log ind / Opret bruger or name + Log ud, cart) and footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <PublicHeader />
      {/* At least a screen tall: the footer starts below the fold, so a page whose content arrives later never pushes it (layout shift). */}
      <Box as="main" flex="1" minH="100dvh" py={{ base: '6', md: '10' }}>
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
      <LazyCart />
    </Box>
  );
}

/** The cart drawer's code loads when the cart is first opened (the storefront's first load goes without it). */
function LazyCart() {
  const { drawerOpen } = useCart();
  const [opened, setOpened] = useState(false);
  if (drawerOpen && !opened) setOpened(true);
  return opened ? (
    <Suspense fallback={null}>
      <CartDrawer />
    </Suspense>
  ) : null;
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
