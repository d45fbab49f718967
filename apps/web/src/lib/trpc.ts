import type { AppRouter } from '@klubhus/api';
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { takeEarly } from './early';

/** Typed access to every procedure: useTRPC().companies.list.queryOptions(...) */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;

/** The session ended (expired, logged out elsewhere): the app state is refetched so the guards send the user to /login. */
let onUnauthorized: (() => void) | null = null;
export function setUnauthorizedHandler(fn: (() => void) | null) {
  onUnauthorized = fn;
}

export function makeQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const code = (error as { data?: { code?: string } }).data?.code;
        const isAppState = Array.isArray(query.queryKey) && JSON.stringify(query.queryKey[0]).includes('"app"');
        if (code === 'UNAUTHORIZED' && !isAppState) onUnauthorized?.();
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: false,
        // Refusals are answers, not glitches: do not retry them.
        retry: (count, error) => {
          const code = (error as { data?: { code?: string } }).data?.code;
          if (code && ['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'BAD_REQUEST'].includes(code)) return false;
          return count < 1;
        },
      },
    },
  });
}

export function makeTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: '/trpc',
        // The app state may already be on its way (boot.ts).
        fetch: (url, init) => (init?.method === 'GET' ? takeEarly(String(url)) : null) ?? fetch(url, { ...init, credentials: 'same-origin' }),
      }),
    ],
  });
}
