import { Center, Spinner } from '@chakra-ui/react';

/** The spinner a page shows while its screen or record loads. */
export function PageSpinner() {
  return (
    <Center py="20">
      <Spinner size="lg" color="brand.solid" aria-label="Indlæser" />
    </Center>
  );
}
