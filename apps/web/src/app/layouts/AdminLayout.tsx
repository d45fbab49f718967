import {
  Avatar,
  Box,
  Breadcrumb,
  Button,
  Container,
  Flex,
  HStack,
  IconButton,
  Link,
  Menu,
  Portal,
  Stack,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react';
import { Building, Check, ChevronDown, LogOut, Menu as MenuIcon, Moon, Settings, ShieldCheck, Sun, User } from 'lucide-react';
import { Fragment, type ReactNode, useEffect, useState } from 'react';
import { NavLink, Link as RouterLink, useLocation } from 'react-router';
import { useColorMode } from '../../ui/color-mode';
import { ModuleIcon } from '../../ui/ModuleIcon';
import { useSafeMode, useSidebarOpen } from '../../ui/storage';
import { ClubLogo } from '../../ui/ClubLogo';
import { breadcrumbs, moduleLinks, sideNav, useModuleLinks } from '../../lib/navigation';
import { navGroupOf, type RouteDef, useRouteTable } from '../../lib/registry';
import { fullName, useAppState } from '../../lib/appState';
import { useTRPCClient } from '../../lib/trpc';
import { errorMessage } from '../../ui/errors';
import { notify } from '../../ui/toaster';

/** The back-office shell (SPEC §2 'Top navigation'): top bar, breadcrumbs, side navigation per module. */
export default function AdminLayout({ def, children }: { def: RouteDef; children: ReactNode }) {
  const state = useAppState();
  const location = useLocation();
  const [sidebarOpen, setSidebarOpen] = useSidebarOpen();
  // Small screens: the menu toggle opens a panel with the module links and the side navigation (not persisted).
  const isMobile = useBreakpointValue({ base: true, md: false }) ?? false;
  const [mobileOpen, setMobileOpen] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the panel on navigation
  useEffect(() => {
    setMobileOpen(false);
  }, [location.pathname]);
  const group = navGroupOf(def);
  const routes = useRouteTable();
  const entries = sideNav(routes, group, state);
  const showSidebar = isMobile ? mobileOpen : def.sidebar !== false && entries.length > 0 && sidebarOpen;
  const modules = isMobile ? moduleLinks(routes, state) : [];
  const groupTitle = group === 'settings' ? 'Indstillinger' : (state.modules.find((m) => m.alias === group)?.name ?? '');
  const crumbs = breadcrumbs(routes, location.pathname, state);

  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <TopNav
        onToggleMenu={() => (isMobile ? setMobileOpen(!mobileOpen) : setSidebarOpen(!sidebarOpen))}
        menuOpen={isMobile ? mobileOpen : sidebarOpen}
      />
      <Flex flex="1" align="stretch" position="relative">
        {showSidebar && (
          <Box
            as="nav"
            aria-label={groupTitle || 'Sidemenu'}
            w={{ base: 'full', md: '60' }}
            flexShrink={0}
            bg="bg"
            borderRightWidth="1px"
            py="5"
            px="3"
            data-testid="side-nav"
            position={{ base: 'absolute', md: 'static' }}
            insetX="0"
            top="0"
            minH={{ base: 'full', md: 'auto' }}
            zIndex={{ base: 'overlay', md: 'auto' }}
          >
            {modules.length > 0 && (
              <Stack gap="1" mb="5">
                <Text px="3" mb="1" fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider" color="fg.muted">
                  Moduler
                </Text>
                {modules.map((l) => (
                  <NavLink key={l.alias} to={l.to} end={l.to === '/'}>
                    <HStack px="3" py="2" borderRadius="md" fontSize="sm" _hover={{ bg: 'bg.muted' }}>
                      <ModuleIcon name={l.icon} size={16} />
                      <Text as="span">{l.name}</Text>
                    </HStack>
                  </NavLink>
                ))}
              </Stack>
            )}
            {entries.length > 0 && (
              <Text px="3" mb="2" fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider" color="fg.muted">
                {groupTitle}
              </Text>
            )}
            <Stack gap="1">
              {entries.map((e) => (
                <NavLink key={e.to} to={e.to} end={e.to.split('/').length <= 2}>
                  {({ isActive }) => (
                    <Box
                      px="3"
                      py="2"
                      borderRadius="md"
                      fontSize="sm"
                      fontWeight={isActive ? 'semibold' : 'normal'}
                      bg={isActive ? 'brand.subtle' : undefined}
                      color={isActive ? 'brand.fg' : 'fg'}
                      _hover={{ bg: isActive ? 'brand.subtle' : 'bg.muted' }}
                    >
                      {e.label}
                    </Box>
                  )}
                </NavLink>
              ))}
            </Stack>
          </Box>
        )}
        <Box as="main" flex="1" minW="0" py="6">
          <Container maxW="7xl">
            {crumbs.length > 1 && (
              <Breadcrumb.Root mb="4" size="sm">
                <Breadcrumb.List>
                  {crumbs.map((c, i) => (
                    <Fragment key={c.to}>
                      <Breadcrumb.Item>
                        {i === crumbs.length - 1 ? (
                          <Breadcrumb.CurrentLink>{c.label}</Breadcrumb.CurrentLink>
                        ) : (
                          <Breadcrumb.Link asChild>
                            <RouterLink to={c.to}>{c.label}</RouterLink>
                          </Breadcrumb.Link>
                        )}
                      </Breadcrumb.Item>
                      {i < crumbs.length - 1 && <Breadcrumb.Separator />}
                    </Fragment>
                  ))}
                </Breadcrumb.List>
              </Breadcrumb.Root>
            )}
            {children}
          </Container>
        </Box>
      </Flex>
    </Flex>
  );
}

function TopNav({ onToggleMenu, menuOpen }: { onToggleMenu: () => void; menuOpen: boolean }) {
  const state = useAppState();
  const { client, user, clubName, isAdmin } = state;
  const { colorMode, toggleColorMode } = useColorMode();
  const [safeMode, setSafeMode] = useSafeMode();
  const links = useModuleLinks();
  const clubs = (user?.clients ?? []).filter((c) => c.accepted);
  const currentClubId = client?.id;
  const trpcClient = useTRPCClient();
  // The session moves to the other club; the app then starts over at / for it (as the REST link did).
  const switchClub = async (clientId: number) => {
    try {
      await trpcClient.app.changeClient.mutate({ id: clientId });
      window.location.assign('/');
    } catch (e) {
      notify.error(errorMessage(e));
    }
  };

  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
      <Flex h="14" px="4" align="center" gap="3">
        <IconButton variant="ghost" size="sm" aria-label={menuOpen ? 'Skjul menu' : 'Vis menu'} aria-expanded={menuOpen} onClick={onToggleMenu}>
          <MenuIcon />
        </IconButton>
        <Link asChild _hover={{ textDecoration: 'none' }} aria-label={`${clubName} – forside`} data-testid="club-name">
          <RouterLink to="/">
            <ClubLogo name={clubName} logo={client?.logo} size="sm" />
          </RouterLink>
        </Link>
        <HStack as="nav" aria-label="Moduler" gap="1" ml="4" flex="1" overflowX="auto" display={{ base: 'none', md: 'flex' }}>
          {links.map((l) => (
            <NavLink key={l.alias} to={l.to} end={l.to === '/'}>
              {({ isActive }) => (
                <HStack
                  as="span"
                  gap="2"
                  px="3"
                  py="1.5"
                  borderRadius="md"
                  fontSize="sm"
                  whiteSpace="nowrap"
                  fontWeight="medium"
                  bg={isActive ? 'brand.subtle' : undefined}
                  color={isActive ? 'brand.fg' : 'fg.muted'}
                  _hover={{ color: 'fg', bg: isActive ? 'brand.subtle' : 'bg.muted' }}
                  data-module={l.alias}
                >
                  <ModuleIcon name={l.icon} size={16} />
                  <Text as="span" display={{ base: 'none', lg: 'inline' }}>
                    {l.name}
                  </Text>
                  <Text as="span" srOnly display={{ base: 'inline', lg: 'none' }}>
                    {l.name}
                  </Text>
                </HStack>
              )}
            </NavLink>
          ))}
        </HStack>
        <HStack gap="1" ml="auto">
          {clubs.length > 1 && (
            <Menu.Root positioning={{ placement: 'bottom-end' }}>
              <Menu.Trigger asChild>
                <Button variant="ghost" size="sm" aria-label="Skift klub">
                  <Building />
                  <Text as="span" display={{ base: 'none', xl: 'inline' }}>
                    {clubName}
                  </Text>
                  <ChevronDown />
                </Button>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content minW="56">
                    <Menu.ItemGroup>
                      <Menu.ItemGroupLabel>Skift klub</Menu.ItemGroupLabel>
                      {clubs.map((c) => (
                        <Menu.Item
                          key={c.clientId}
                          value={String(c.clientId)}
                          onSelect={() => {
                            if (c.clientId !== currentClubId) void switchClub(c.clientId);
                          }}
                        >
                          <Box flex="1">{c.name}</Box>
                          {c.clientId === currentClubId && <Check size={16} aria-label="Valgt" />}
                        </Menu.Item>
                      ))}
                    </Menu.ItemGroup>
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
          )}
          <IconButton
            variant="ghost"
            size="sm"
            aria-label={colorMode === 'dark' ? 'Skift til lyst tema' : 'Skift til mørkt tema'}
            onClick={toggleColorMode}
            data-testid="color-mode-toggle"
          >
            {colorMode === 'dark' ? <Sun /> : <Moon />}
          </IconButton>
          {isAdmin && (
            <IconButton asChild variant="ghost" size="sm" aria-label="Indstillinger">
              <RouterLink to="/settings">
                <Settings />
              </RouterLink>
            </IconButton>
          )}
          {user && (
            <Menu.Root positioning={{ placement: 'bottom-end' }}>
              <Menu.Trigger asChild>
                <Button variant="ghost" size="sm" h="auto" py="1" aria-label={`Brugermenu: ${fullName(user)}`} data-testid="user-menu">
                  <Avatar.Root size="xs">
                    <Avatar.Fallback name={fullName(user)} />
                    {user.picture && <Avatar.Image src={user.picture} alt="" />}
                  </Avatar.Root>
                  <Stack gap="0" align="flex-start" display={{ base: 'none', md: 'flex' }} textAlign="left">
                    <Text fontSize="sm" fontWeight="medium" lineHeight="short">
                      {fullName(user)}
                    </Text>
                    <Text fontSize="xs" color="fg.muted" lineHeight="short">
                      {user.email}
                    </Text>
                  </Stack>
                  <ChevronDown />
                </Button>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content minW="52">
                    <Menu.Item value="profile" asChild>
                      <RouterLink to="/profile">
                        <User size={16} /> Profil
                      </RouterLink>
                    </Menu.Item>
                    <Menu.CheckboxItem value="safe-mode" checked={safeMode} onCheckedChange={(c) => setSafeMode(!!c)}>
                      <ShieldCheck size={16} /> Sikker tilstand
                      <Menu.ItemIndicator />
                    </Menu.CheckboxItem>
                    <Menu.Separator />
                    <Menu.Item value="logout" onSelect={() => window.location.assign('/logout')}>
                      <LogOut size={16} /> Log ud
                    </Menu.Item>
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
          )}
        </HStack>
      </Flex>
    </Box>
  );
}
