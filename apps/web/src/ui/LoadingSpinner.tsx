import { Spinner, type SpinnerProps } from '@chakra-ui/react';

/**
 * A spinner that says what is loading: role status with its label. A label on Chakra's spinner alone
 * is an aria attribute on an element without a role (axe: aria-prohibited-attr).
 */
export function LoadingSpinner({ label = 'Indlæser', ...props }: Omit<SpinnerProps, 'aria-label' | 'role'> & { label?: string }) {
  return <Spinner role="status" aria-label={label} {...props} />;
}
