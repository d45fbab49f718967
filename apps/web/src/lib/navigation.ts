import { matchPath } from 'react-router';
import { type ModuleLike, type RouteDef, accessOf, audienceOf, isBackOffice, isModuleEnabled, navGroupOf, useRouteTable } from './registry';
import { type AppState, useAppState } from './appState';

const RETURN_KEY = 'klubhus:returnTo';

/** SPEC §2: the previous path is remembered as the return target of the login. */
export function rememberReturnTo(path: string) {
  try {
    sessionStorage.setItem(RETURN_KEY, path);
  } catch {}
}

/** The remembered target (once), else '/'. Only same-site paths are accepted. */
export function takeReturnTo(): string {
  try {
    const v = sessionStorage.getItem(RETURN_KEY);
    sessionStorage.removeItem(RETURN_KEY);
    if (v?.startsWith('/') && !v.startsWith('//') && !v.startsWith('/login')) return v;
  } catch {}
  return '/';
}

/** The last path the user was allowed to see: where a disabled module's route sends them back to. */
let lastAllowedPath: string | null = null;
export const getLastAllowedPath = () => lastAllowedPath;
export const setLastAllowedPath = (p: string) => {
  lastAllowedPath = p;
};

/** Whether the user may open a route (access level and module), ignoring the audience. */
export function canOpen(def: RouteDef, state: AppState): boolean {
  const access = accessOf(def);
  if (access === 'public') return true;
  if (!state.client || !state.user) return false;
  if (!def.home && !isModuleEnabled(def, state.modules as ModuleLike[])) return false;
  switch (access) {
    case 'user':
      return true;
    case 'staff':
      return state.isStaff;
    case 'admin':
      return state.isStaff && state.isAdmin;
    case 'platformAdmin':
      return state.isPlatformAdmin;
  }
}

/** Of the definitions sharing a path, the one for this visitor: frontend for visitors/members, backoffice for staff. */
export function pickDef(defs: RouteDef[], state: Pick<AppState, 'isFrontend'>): RouteDef {
  const wanted = state.isFrontend ? 'frontend' : 'backoffice';
  return defs.find((d) => audienceOf(d) === wanted) ?? defs.find((d) => audienceOf(d) === 'any') ?? defs[0];
}

/** Registry definitions grouped by path, in registration order. */
export function routesByPath(routes: readonly RouteDef[]): Map<string, RouteDef[]> {
  const map = new Map<string, RouteDef[]>();
  for (const r of routes) {
    const list = map.get(r.path) ?? [];
    list.push(r);
    map.set(r.path, list);
  }
  return map;
}

/**
 * The back-office definition matching a pathname (for breadcrumbs and the side nav). As in the router,
 * a static path wins over one with `:params` ('/products/categories' over '/products/:id') whatever
 * the registration order; among equals, the first registered.
 */
export function findDef(routes: readonly RouteDef[], pathname: string, state: AppState): RouteDef | undefined {
  let best: RouteDef[] | undefined;
  let bestParams = Number.POSITIVE_INFINITY;
  for (const [path, defs] of routesByPath(routes)) {
    const params = path.split('/').filter((s) => s.startsWith(':') || s === '*').length;
    if (params < bestParams && matchPath({ path, end: true }, pathname)) {
      best = defs;
      bestParams = params;
    }
  }
  return best && pickDef(best, state);
}

export interface Crumb {
  label: string;
  to: string;
}

/** Breadcrumbs: every registered route whose path matches a prefix of the current pathname. */
export function breadcrumbs(routes: readonly RouteDef[], pathname: string, state: AppState): Crumb[] {
  const parts = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [];
  for (let i = 1; i <= parts.length; i++) {
    const prefix = `/${parts.slice(0, i).join('/')}`;
    const def = findDef(routes, prefix, state);
    if (def && canOpen(def, state)) crumbs.push({ label: crumbTitle(def, parts[i - 1]), to: prefix });
  }
  return crumbs;
}

function crumbTitle(def: RouteDef, segment: string | undefined) {
  if (segment === 'create' && def.path.endsWith('/:id')) return 'Opret';
  return def.title;
}

export interface NavEntry {
  label: string;
  to: string;
  order: number;
  description?: string;
}

/** Side navigation of a group (module alias or 'settings'): its routes with nav entries the user may open. */
export function sideNav(routes: readonly RouteDef[], group: string | null, state: AppState): NavEntry[] {
  if (!group) return [];
  return routes.filter((r) => r.nav && navGroupOf(r) === group && isBackOffice(r) && canOpen(r, state))
    .map((r) => ({ label: r.nav?.label ?? r.title, to: r.path, order: r.nav?.order ?? 0, description: r.description }))
    .sort((a, b) => a.order - b.order);
}

export interface ModuleLink {
  alias: string;
  name: string;
  icon: string;
  to: string;
}

/**
 * Top navigation: one link per enabled module that has a back-office screen the user may open,
 * to the module's url (or its first screen).
 */
export function moduleLinks(routes: readonly RouteDef[], state: AppState): ModuleLink[] {
  const links: ModuleLink[] = [];
  for (const m of [...state.modules].sort((a, b) => a.sorting - b.sorting)) {
    const screens = routes.filter((r) => r.module === m.alias && isBackOffice(r) && !r.path.includes(':') && canOpen(r, state));
    if (screens.length === 0) continue;
    const atUrl = m.url ? screens.find((r) => r.path === m.url) : undefined;
    links.push({ alias: m.alias, name: m.name, icon: m.icon, to: (atUrl ?? screens[0]).path });
  }
  return links;
}

/** The side navigation of a group for the current user, from the app's route table. */
export function useSideNav(group: string | null): NavEntry[] {
  return sideNav(useRouteTable(), group, useAppState());
}

/** The top navigation's module links for the current user, from the app's route table. */
export function useModuleLinks(): ModuleLink[] {
  return moduleLinks(useRouteTable(), useAppState());
}
