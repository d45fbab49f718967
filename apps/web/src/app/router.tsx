import { Box } from '@chakra-ui/react';
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense, useEffect, useLayoutEffect, useMemo } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { PageSpinner } from '../ui/PageSpinner';
import { usePageTitle } from '../ui/page-title';
import { DOMAIN_ROUTES } from './domains';
import { NotFoundPage } from './NotFoundPage';
import { PublicLayout } from './layouts/PublicLayout';
import { canOpen, getLastAllowedPath, pickDef, rememberReturnTo, routesByPath, setLastAllowedPath } from '../lib/navigation';
import { accessOf, isModuleEnabled, type ModuleLike, type RouteDef } from '../lib/registry';
import { type AppState, useAppState } from '../lib/appState';

/** The back-office shell is its own chunk: visitors of the storefront never download it. */
const AdminLayout = lazy(() => import('./layouts/AdminLayout'));

const pages = new Map<RouteDef, LazyExoticComponent<ComponentType>>();
function lazyPage(def: RouteDef) {
  let page = pages.get(def);
  if (!page) {
    page = lazy(def.component);
    pages.set(def, page);
  }
  return page;
}

function layoutOf(def: RouteDef, state: AppState): 'admin' | 'public' | 'bare' {
  const layout = def.layout ?? (['staff', 'admin', 'platformAdmin'].includes(accessOf(def)) ? 'admin' : 'public');
  if (layout === 'auto') return state.isStaff ? 'admin' : 'public';
  return layout;
}

/**
 * SPEC §2 routing rules, in order: public routes always pass; without a club
 * go to /login; a route whose module is off sends the user back to the
 * previous path (home pages excepted); without a user go to /login with the
 * current path remembered as the return target.
 */
function GuardedRoute({ defs }: { defs: RouteDef[] }) {
  const state = useAppState();
  const location = useLocation();
  const def = pickDef(defs, state);
  const here = `${location.pathname}${location.search}${location.hash}`;
  const last = getLastAllowedPath();
  const back = last && last !== here ? last : '/';

  if (accessOf(def) !== 'public') {
    if (!state.client) {
      rememberReturnTo(here);
      return <Navigate to="/login" replace />;
    }
    if (!def.home && !isModuleEnabled(def, state.modules as ModuleLike[])) {
      return <Navigate to={back} replace />;
    }
    if (!state.user) {
      rememberReturnTo(here);
      return <Navigate to="/login" replace />;
    }
    if (!canOpen(def, state)) {
      return <Navigate to={back === here ? '/' : back} replace />;
    }
  }
  return <AllowedRoute def={def} here={here} />;
}

/**
 * The server's first screen (app/shell.ts) stays until the app's own screen is ready: this sits beside
 * the page inside its Suspense boundary, so it commits with the page, and in the same frame #shell
 * goes and #root (hidden while #shell is there) shows.
 */
function ShellHandoff() {
  useLayoutEffect(() => {
    document.getElementById('shell')?.remove();
  }, []);
  return null;
}

function AllowedRoute({ def, here }: { def: RouteDef; here: string }) {
  const state = useAppState();
  useEffect(() => {
    setLastAllowedPath(here);
  }, [here]);
  usePageTitle(def.title);
  const Page = lazyPage(def);
  const content = (
    <Suspense fallback={<PageSpinner />}>
      <Page />
      <ShellHandoff />
    </Suspense>
  );
  const layout = layoutOf(def, state);
  if (layout === 'admin') {
    return (
      <Suspense fallback={<PageSpinner />}>
        <AdminLayout def={def}>{content}</AdminLayout>
      </Suspense>
    );
  }
  if (layout === 'public') return <PublicLayout>{content}</PublicLayout>;
  return content;
}

function Root() {
  const location = useLocation();
  // New screen, start at the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change only
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);
  return <Outlet />;
}

function NotFoundRoute() {
  usePageTitle('Siden blev ikke fundet');
  return (
    <>
      <NotFoundPage />
      <ShellHandoff />
    </>
  );
}

export function buildRoutes(): RouteObject[] {
  const children: RouteObject[] = [];
  for (const [path, defs] of routesByPath(DOMAIN_ROUTES)) {
    children.push({ path, element: <GuardedRoute defs={defs} /> });
  }
  children.push({ path: '*', element: <NotFoundRoute /> });
  return [{ element: <Root />, children }];
}

export function AppRouter() {
  // Built once, after the app state is known; the guards read the live club configuration,
  // so switching a module on or off takes effect at once.
  const router = useMemo(() => createBrowserRouter(buildRoutes()), []);
  return <RouterProvider router={router} />;
}

export function Shell({ children }: { children: ReactNode }) {
  return <Box minH="100dvh">{children}</Box>;
}
