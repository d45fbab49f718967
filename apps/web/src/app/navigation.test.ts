import { describe, expect, it } from 'vitest';
import { pageWindow } from '../ui/Pagination';
import { matchRoutes } from 'react-router';
import { breadcrumbs, canOpen, findDef, moduleLinks, pickDef, routesByPath, sideNav } from '../lib/navigation';
import { defineRoutes, isModuleEnabled, type RouteDef } from '../lib/registry';
import type { AppState } from '../lib/appState';
import { DOMAIN_ROUTES } from './domains';

const mod = (alias: string, views: string[] = [], extra: Partial<{ url: string; sorting: number; icon: string; name: string }> = {}) => ({
  id: 1,
  alias,
  name: extra.name ?? alias,
  url: extra.url ?? `/${alias}`,
  icon: extra.icon ?? 'box',
  sorting: extra.sorting ?? 1,
  endpoint: `/api/${alias}`,
  features: [],
  views: views.map((route) => ({ route, values: [] })),
  components: [],
});

function state(overrides: Partial<AppState> & { modules?: ReturnType<typeof mod>[] } = {}): AppState {
  const modules = overrides.modules ?? [mod('dashboard', ['home'], { url: '/', name: 'Dashboard' })];
  return {
    client: { id: 1, name: 'Demo IF', modules } as unknown as AppState['client'],
    user: { id: 1, firstname: 'A', lastname: 'B', superAdmin: false, admin: false, clients: [] } as unknown as AppState['user'],
    isFrontend: false,
    isStaff: true,
    isAdmin: false,
    isPlatformAdmin: false,
    clubName: 'Demo IF',
    reload: async () => {},
    ...overrides,
    modules: modules as unknown as AppState['modules'],
  };
}

const page = async () => ({ default: () => null });
const contacts: RouteDef = { module: 'contacts', view: 'contact-lists', path: '/contacts/contact-lists', title: 'Kontaktlister', component: page };

describe('isModuleEnabled', () => {
  it('needs the module on and the view listed', () => {
    expect(isModuleEnabled(contacts, [mod('contacts', ['contacts', 'contact-lists'])])).toBe(true);
    expect(isModuleEnabled(contacts, [mod('contacts', ['contacts'])])).toBe(false);
    expect(isModuleEnabled(contacts, [mod('companies', ['companies'])])).toBe(false);
  });
  it('a module without views enables all its routes; routes without a module always pass', () => {
    expect(isModuleEnabled(contacts, [mod('contacts')])).toBe(true);
    expect(isModuleEnabled({ ...contacts, module: undefined }, [])).toBe(true);
  });
});

describe('canOpen', () => {
  it('public routes pass without club or user', () => {
    expect(canOpen({ path: '/terms', title: 'T', access: 'public', component: page }, state({ client: null, user: null }))).toBe(true);
  });
  it('back-office routes need club, user, staff and the module', () => {
    const s = state({ modules: [mod('contacts', ['contact-lists'])] });
    expect(canOpen(contacts, s)).toBe(true);
    expect(canOpen(contacts, state({ modules: [] }))).toBe(false);
    expect(canOpen(contacts, { ...s, user: null })).toBe(false);
    expect(canOpen(contacts, { ...s, client: null })).toBe(false);
    expect(canOpen(contacts, { ...s, isStaff: false, isFrontend: true })).toBe(false);
  });
  it('home pages pass when their module is off', () => {
    const home: RouteDef = { module: 'dashboard', view: 'home', path: '/', title: 'Forside', home: true, component: page };
    expect(canOpen(home, state({ modules: [] }))).toBe(true);
  });
  it('admin and platform-admin routes', () => {
    const admin: RouteDef = { path: '/settings', title: 'Indstillinger', access: 'admin', component: page };
    const platform: RouteDef = { path: '/settings/modules', title: 'Modules', access: 'platformAdmin', component: page };
    expect(canOpen(admin, state())).toBe(false);
    expect(canOpen(admin, state({ isAdmin: true }))).toBe(true);
    expect(canOpen(platform, state({ isAdmin: true }))).toBe(false);
    expect(canOpen(platform, state({ isPlatformAdmin: true }))).toBe(true);
  });
  it('user routes are open to members', () => {
    const profile: RouteDef = { path: '/profile', title: 'Profil', access: 'user', component: page };
    expect(canOpen(profile, state({ isStaff: false, isFrontend: true }))).toBe(true);
    expect(canOpen(profile, state({ user: null }))).toBe(false);
  });
});

describe('pickDef', () => {
  const defs = defineRoutes([
    { module: 'events', view: 'events', path: '/events', title: 'Arrangementer', component: page },
    { module: 'events', path: '/events', title: 'Arrangementer', access: 'public', audience: 'frontend', component: page },
  ]);
  it('gives staff the back-office definition and visitors the storefront one', () => {
    expect(pickDef(defs, { isFrontend: false })).toBe(defs[0]);
    expect(pickDef(defs, { isFrontend: true })).toBe(defs[1]);
  });
});

describe('navigation from the registry', () => {
  it('settings side nav and breadcrumbs follow access', () => {
    const admin = state({ isAdmin: true, isPlatformAdmin: true });
    const all = sideNav(DOMAIN_ROUTES, 'settings', admin).map((e) => e.label);
    expect(all[0]).toBe('Indstillinger');
    expect(all).toContain('Modules');
    const clubAdmin = sideNav(DOMAIN_ROUTES, 'settings', state({ isAdmin: true })).map((e) => e.label);
    expect(clubAdmin).toContain('Indstillinger');
    expect(clubAdmin).not.toContain('Modules');
    expect(sideNav(DOMAIN_ROUTES, 'settings', state())).toEqual([]);
    expect(breadcrumbs(DOMAIN_ROUTES, '/settings/modules/create', admin).map((c) => c.label)).toEqual(['Indstillinger', 'Modules', 'Opret']);
  });
  it('breadcrumbs take a static path over a :id path whatever the registration order', () => {
    const s = state({ modules: [mod('products'), mod('contacts')] });
    const labels = (path: string) => breadcrumbs(DOMAIN_ROUTES, path, s).map((c) => c.label);
    expect(labels('/products/categories/create')).toEqual(['Produkter', 'Kategorier', 'Opret']);
    expect(labels('/products/3')).toEqual(['Produkter', 'Produkt']);
    expect(labels('/contacts/contact-lists/7')).toEqual(['Kontakter', 'Kontaktlister', 'Kontaktliste']);
    expect(sideNav(DOMAIN_ROUTES, 'products', s).map((e) => e.label)).toEqual(['Produkter', 'Kategorier', 'Fakturagrupper']);
  });
  it('top nav links only modules that are on and have a screen', () => {
    const links = moduleLinks(DOMAIN_ROUTES, state({ modules: [mod('dashboard', ['home'], { url: '/', name: 'Dashboard' }), mod('nothing-registered')] }));
    expect(links.map((l) => l.alias)).toEqual(['dashboard']);
    expect(links[0].to).toBe('/');
    expect(moduleLinks(DOMAIN_ROUTES, state({ modules: [] }))).toEqual([]);
  });
});

describe('the orders module: specific paths never fall into /orders/:id', () => {
  const orders = mod('orders', ['orders', 'order', 'categories', 'seasons', 'fields', 'discount-codes'], { name: 'Ordrer', url: '/orders' });
  const s = state({ modules: [orders] });
  // The router's own choice, over the whole route table as buildRoutes hands it over.
  const routed = (pathname: string) => matchRoutes([...routesByPath(DOMAIN_ROUTES).keys()].map((path) => ({ path })), pathname)?.at(-1)?.route.path;
  const specific = ['/orders/orders', '/orders/categories', '/orders/seasons', '/orders/fields', '/orders/discount-codes'];

  it('each list is its own route, in the router and in the registry (breadcrumbs, side nav)', () => {
    for (const path of specific) {
      expect(routed(path), path).toBe(path);
      expect(findDef(DOMAIN_ROUTES, path, s)?.path, path).toBe(path);
      if (path !== '/orders/orders') expect(routed(`${path}/create`), `${path}/create`).toBe(`${path}/:id`);
    }
    // The order screen is /orders/:id, not under the list's path.
    expect(routed('/orders/orders/create')).toBeUndefined();
  });
  it('an order is /orders/:id (create for new), and the list and screen are the orders views', () => {
    for (const path of ['/orders/1', '/orders/create', '/orders/12345']) {
      expect(routed(path)).toBe('/orders/:id');
      expect(findDef(DOMAIN_ROUTES, path, s)).toMatchObject({ module: 'orders', view: 'order', title: 'Ordre' });
    }
    expect(findDef(DOMAIN_ROUTES, '/orders/orders', s)).toMatchObject({ view: 'orders', title: 'Ordrer' });
    expect(breadcrumbs(DOMAIN_ROUTES, '/orders/create', s).map((c) => c.label)).toEqual(['Opret']);
    expect(breadcrumbs(DOMAIN_ROUTES, '/orders/categories/3', s).map((c) => c.label)).toEqual(['Kategorier', 'Kategori']);
  });
  it("'Ordrer' is second in the module's side nav, and the module's top link opens the order list", () => {
    const nav = sideNav(DOMAIN_ROUTES, 'orders', s);
    expect(nav.find((e) => e.label === 'Ordrer')).toMatchObject({ to: '/orders/orders', order: 2 });
    expect(nav.map((e) => e.label)).toEqual(['Ordrer', 'Kategorier', 'Sæsoner', 'Felter', 'Rabatkoder']);
    expect(moduleLinks(DOMAIN_ROUTES, s).find((l) => l.alias === 'orders')?.to).toBe('/orders/orders');
  });
  it('the payment link page is public and no staff route', () => {
    expect(routed('/public/orders/pay/1-abc')).toBe('/public/orders/pay/:token');
    expect(canOpen(findDef(DOMAIN_ROUTES, '/public/orders/pay/1-abc', state({ client: null, user: null })) as RouteDef, state({ client: null, user: null }))).toBe(true);
  });
});

describe('pageWindow (3 page buttons)', () => {
  it('keeps the current page in a window of 3', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 10)).toEqual([4, 5, 6]);
    expect(pageWindow(10, 10)).toEqual([8, 9, 10]);
  });
});
