import { Center } from '@chakra-ui/react';
import { LoadingSpinner } from './LoadingSpinner';

/** The spinner a page shows while its screen or record loads. */
export function PageSpinner() {
  return (
    <Center py="20">
      <LoadingSpinner size="lg" color="brand.solid" />
    </Center>
  );
}
