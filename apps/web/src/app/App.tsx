import { ChakraProvider, defaultSystem, Heading } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { makeQueryClient, makeTrpcClient, TRPCProvider } from '../lib/trpc';

export function App() {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(makeTrpcClient);
  return (
    <ChakraProvider value={defaultSystem}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <Heading>Klubhus</Heading>
        </TRPCProvider>
      </QueryClientProvider>
    </ChakraProvider>
  );
}
