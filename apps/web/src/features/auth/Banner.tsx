import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The red (error) or green (success) banner of the auth pages. */
export function Banner({ status, children }: { status: 'error' | 'success'; children: ReactNode }) {
  return (
    <Alert.Root status={status} mb="5" data-testid={`banner-${status}`} role={status === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Title>{children}</Alert.Title>
    </Alert.Root>
  );
}
