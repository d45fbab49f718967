import { useQuery, useQueryClient } from '@tanstack/react-query';
import { setClubTimeZone } from '../ui/timeZone';
import { createContext, type ReactNode, useContext, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { type RouterOutputs, setUnauthorizedHandler, useTRPC } from '../lib/trpc';

export type ClientConfig = NonNullable<RouterOutputs['app']['client']>;
export type ClubModule = ClientConfig['modules'][number];
export type CurrentUser = RouterOutputs['app']['user'];

export interface AppState {
  /** The club configuration; null without a club (or when app state could not be fetched: the app is public). */
  client: ClientConfig | null;
  user: CurrentUser | null;
  /** Visitors and members get the storefront; staff the back office. */
  isFrontend: boolean;
  isStaff: boolean;
  /** Club role admin or the admin flag (settings cog). */
  isAdmin: boolean;
  /** user.superAdmin || user.admin: module definitions and clubs. */
  isPlatformAdmin: boolean;
  modules: ClubModule[];
  clubName: string;
  /** Refetch club and user (after login, club switch, module changes). */
  reload: () => Promise<void>;
}

const AppStateContext = createContext<AppState | null>(null);

/**
 * Gate mode (issue 16) keeps the app state on the device so that it opens again without a connection.
 * The copy stands in only when the app state got no answer at all (offline); a signed-out answer
 * deletes it. It opens screens, never the server: every call still needs the session.
 */
const OFFLINE_KEY = 'klubhus-offline-app-state';
type Kept = { client: ClientConfig; user: CurrentUser | null };
export function keepAppStateOffline(client: ClientConfig | null, user: CurrentUser | null) {
  try {
    if (client) localStorage.setItem(OFFLINE_KEY, JSON.stringify({ client, user } satisfies Kept));
  } catch {
    // A full or blocked storage: gate mode then needs the connection to open, nothing more.
  }
}
function keptAppState(): Kept | null {
  try {
    const v = localStorage.getItem(OFFLINE_KEY);
    return v ? (JSON.parse(v) as Kept) : null;
  } catch {
    return null;
  }
}
/** No answer from the server (offline): not a refusal. */
const noAnswer = (e: unknown) => !!e && !(e as { data?: unknown }).data;

export function useAppState(): AppState {
  const s = useContext(AppStateContext);
  if (!s) throw new Error('useAppState needs <AppStateProvider>');
  return s;
}

/**
 * SPEC §2 start-up: the app state (club configuration and user) is fetched
 * first; only then are routes built and the app shown. A failure to get the
 * app state makes the app public; a user failure clears the user.
 */
export function AppStateProvider({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const clientQ = useQuery(trpc.app.client.queryOptions(undefined, { retry: 1, staleTime: 60_000 }));
  const userQ = useQuery(trpc.app.user.queryOptions(undefined, { retry: false, staleTime: 60_000 }));

  useEffect(() => {
    setUnauthorizedHandler(() => {
      void queryClient.invalidateQueries(trpc.app.pathFilter());
    });
    return () => setUnauthorizedHandler(null);
  }, [queryClient, trpc]);

  // Only the first load shows the fallback. A query that never succeeded (app.user of a visitor)
  // goes back to 'pending' on every refetch; unmounting the app then would throw away the screen.
  const started = useRef(false);
  const loading = clientQ.isPending || userQ.isPending;
  if (!loading) started.current = true;
  const show = started.current;

  const offline = clientQ.isError && noAnswer(clientQ.error);
  const signedOut = userQ.isError && !noAnswer(userQ.error);
  useEffect(() => {
    if (signedOut) localStorage.removeItem(OFFLINE_KEY);
  }, [signedOut]);

  const value = useMemo<AppState | null>(() => {
    if (!show) return null;
    const kept = offline ? keptAppState() : null;
    const client = clientQ.isSuccess ? clientQ.data : (kept?.client ?? null);
    const user = userQ.isSuccess ? userQ.data : (kept?.user ?? null);
    // Before the screens render: they print times in the club's zone (ui/format.ts).
    setClubTimeZone(client?.timeZone);
    const isFrontend = !user || !client || client.isFrontend;
    return {
      client,
      user,
      isFrontend,
      isStaff: !isFrontend,
      isAdmin: !isFrontend && !!client?.isAdmin,
      isPlatformAdmin: !!user && (user.superAdmin || user.admin),
      modules: client?.modules ?? [],
      clubName: client?.name ?? 'Klubhus',
      reload: async () => {
        await queryClient.invalidateQueries(trpc.app.pathFilter());
        await Promise.all([queryClient.refetchQueries(trpc.app.client.queryFilter()), queryClient.refetchQueries(trpc.app.user.queryFilter())]);
      },
    };
  }, [show, offline, clientQ.isSuccess, clientQ.data, userQ.isSuccess, userQ.data, queryClient, trpc]);

  // The app appears in a deferred render: the router, the layout and the page mount in slices that
  // yield to the browser rather than in the one long task of the answer's update (total blocking
  // time). Only the first time: later changes of the state (login, a module switched) apply at once.
  const deferred = useDeferredValue(value);
  const revealed = useRef(false);
  if (deferred) revealed.current = true;
  const shown = revealed.current ? value : deferred;
  if (!shown) return <>{fallback}</>;
  return <AppStateContext.Provider value={shown}>{children}</AppStateContext.Provider>;
}

/** Full name of the user. */
export const fullName = (u: { firstname: string; lastname: string } | null | undefined) => (u ? `${u.firstname} ${u.lastname}`.trim() : '');
