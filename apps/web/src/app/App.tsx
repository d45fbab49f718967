import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { makeQueryClient, makeTrpcClient, TRPCProvider } from '../lib/trpc';
import { ConfirmProvider } from '../ui/confirm';
import { useColorMode } from '../ui/color-mode';
import { TitleSuffixContext } from '../ui/page-title';
import { system } from '../ui/theme';
import { Toaster } from '../ui/toaster';
import { CartProvider } from '../lib/cart';
import { PageSpinner } from '../ui/PageSpinner';
import { DOMAIN_ROUTES } from './domains';
import { AppRouter } from './router';
import { AppStateProvider, useAppState } from '../lib/appState';
import { RouteTableProvider } from '../lib/registry';

function ColorModeSync() {
  useColorMode();
  return null;
}

function Routed() {
  const { clubName } = useAppState();
  return (
    <TitleSuffixContext.Provider value={clubName}>
      <RouteTableProvider value={DOMAIN_ROUTES}>
        <CartProvider>
          <AppRouter />
        </CartProvider>
      </RouteTableProvider>
    </TitleSuffixContext.Provider>
  );
}

export function App() {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(makeTrpcClient);
  return (
    <ChakraProvider value={system}>
      <ColorModeSync />
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <ConfirmProvider>
            <AppStateProvider fallback={<PageSpinner />}>
              <Routed />
            </AppStateProvider>
          </ConfirmProvider>
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </TRPCProvider>
      </QueryClientProvider>
    </ChakraProvider>
  );
}
