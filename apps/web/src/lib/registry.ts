import type { ModuleAlias } from '@klubhus/domain';
import { type ComponentType, createContext, useContext } from 'react';

/**
 * The route registry: every screen of Klubhus declares itself here through its
 * domain's `features/<domain>/routes.ts`, listed once in `app/domains.ts` (the composition
 * root), which hands the whole table down through `RouteTableProvider`.
 * The router, top navigation, side navigation, breadcrumbs and page titles are
 * all built from these definitions plus the club's modules and views.
 */

/** Who may open a route. */
export type RouteAccess =
  /** anyone, no club or user needed (storefront, terms) */
  | 'public'
  /** any logged-in user of the club (members too), e.g. /profile */
  | 'user'
  /** back-office staff (any club role but member); the default */
  | 'staff'
  /** club role admin or the user's admin flag */
  | 'admin'
  /** platform administrators: user.superAdmin or user.admin */
  | 'platformAdmin';

/** Which visitors a definition is meant for when two definitions share a path (e.g. /events). */
export type RouteAudience = 'frontend' | 'backoffice' | 'any';

export interface RouteDef {
  /** Module alias that must be enabled for the club (e.g. 'contacts'); omit for routes outside modules (settings, profile). */
  module?: ModuleAlias;
  /** View name that must be listed in the module's views (e.g. 'contact-lists'). A module without any views enables all its routes. */
  view?: string;
  /** React Router path, absolute: '/contacts/contact-lists/:id'. */
  path: string;
  /** Page title (document.title and breadcrumb), Danish: 'Kontaktlister'. */
  title: string;
  /** Default 'staff'. */
  access?: RouteAccess;
  /** Default: 'backoffice' for staff/admin/platformAdmin routes, 'any' for public/user routes. */
  audience?: RouteAudience;
  /**
   * Layout: 'admin' (top nav + side nav), 'public' (storefront header/footer), 'bare' (nothing around),
   * 'auto' (admin for staff, public for visitors and members). Default: 'admin' for back-office routes, 'public' otherwise.
   */
  layout?: 'admin' | 'public' | 'bare' | 'auto';
  /** Side-nav entry of this route, shown in its group's side navigation: { label: 'Kontaktlister', order: 2 }. */
  nav?: { label: string; order?: number };
  /** Side-nav group; defaults to the module alias. Settings routes use 'settings'. */
  navGroup?: string;
  /** Show the side navigation on this route (default true when its group has entries). */
  sidebar?: boolean;
  /** One line shown for the route on overview pages (e.g. the /settings section cards). */
  description?: string;
  /** A home page: never sent back when its module is off (SPEC §2). */
  home?: boolean;
  /** The screen, lazy-loaded so the storefront does not download the back office: () => import('./ContactsPage'). */
  component: () => Promise<{ default: ComponentType }>;
}

/** Identity helper for typing a domain's route list. */
export function defineRoutes(routes: RouteDef[]): RouteDef[] {
  return routes;
}

/** What a record's list screen and its edit screen share, and what sets them apart. */
export interface ListAndEditDef extends Omit<RouteDef, 'title' | 'nav' | 'component'> {
  /** View of the list when it differs from the edit screen's `view` ('companies' beside 'company'). */
  listView?: string;
  /** Title of the edit screen ('Virksomhed'); the list's is `listTitle` ('Virksomheder'). */
  title: string;
  listTitle: string;
  /** Side-nav order of the list; its label is `listTitle`. Omit for no side-nav entry. */
  navOrder?: number;
  list: RouteDef['component'];
  edit: RouteDef['component'];
}

/**
 * A record's list at `path` and its edit screen at `path/:id` ('create' for new) as two route
 * definitions; `description` goes to the list only.
 *
 *   ...listAndEditRoutes({ module: 'orders', view: 'seasons', path: '/orders/seasons', title: 'Sæson', listTitle: 'Sæsoner',
 *     navOrder: 6, list: () => import('./SeasonsListPage'), edit: () => import('./SeasonEditPage') }),
 */
export function listAndEditRoutes({ listView, title, listTitle, navOrder, list, edit, description, ...shared }: ListAndEditDef): RouteDef[] {
  return [
    {
      ...shared,
      view: listView ?? shared.view,
      title: listTitle,
      ...(navOrder === undefined ? {} : { nav: { label: listTitle, order: navOrder } }),
      ...(description === undefined ? {} : { description }),
      component: list,
    },
    { ...shared, path: `${shared.path}/:id`, title, component: edit },
  ];
}

export const accessOf = (r: RouteDef): RouteAccess => r.access ?? 'staff';
export const isBackOffice = (r: RouteDef) => {
  const a = accessOf(r);
  return a === 'staff' || a === 'admin' || a === 'platformAdmin';
};
export const audienceOf = (r: RouteDef): RouteAudience => r.audience ?? (isBackOffice(r) ? 'backoffice' : 'any');
export const navGroupOf = (r: RouteDef) => r.navGroup ?? r.module ?? null;

/** The parts of the club configuration the registry needs. */
export interface ModuleLike {
  alias: string;
  name: string;
  url: string | null;
  icon: string;
  sorting: number;
  views: { route: string }[];
}

/** True when the route's module is on for the club and lists the route's view. */
export function isModuleEnabled(def: RouteDef, modules: readonly ModuleLike[]): boolean {
  if (!def.module) return true;
  const m = modules.find((x) => x.alias === def.module);
  if (!m) return false;
  if (!def.view || m.views.length === 0) return true;
  return m.views.some((v) => v.route === def.view);
}

const RouteTableContext = createContext<readonly RouteDef[] | null>(null);

/** Given the app's route table by the composition root (`app/`), so features and lib never import it. */
export const RouteTableProvider = RouteTableContext.Provider;

/** Every registered route, in registration order. */
export function useRouteTable(): readonly RouteDef[] {
  const routes = useContext(RouteTableContext);
  if (!routes) throw new Error('useRouteTable needs <RouteTableProvider>');
  return routes;
}
