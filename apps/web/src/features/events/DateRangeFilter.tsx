import { Box, Fieldset, HStack, IconButton, Input } from '@chakra-ui/react';
import { X } from 'lucide-react';
import type { ListState } from '../../ui/useListState';

/** The list's date columns with a range filter each (SPEC §2: Start dato, Slut dato, Tilmeldingsfrist), kept in the URL. */
export const DATE_FILTERS = [
  { name: 'start', field: 'startDate', label: 'Start dato' },
  { name: 'end', field: 'endDate', label: 'Slut dato' },
  { name: 'deadline', field: 'signUpDeadline', label: 'Tilmeldingsfrist' },
] as const;

/** The URL's ?startFrom=&startTo=… as the server's filter { startDate: { from, to }, … } ('YYYY-MM-DD', a 'to' day counts whole). */
export function dateRangeFilter(f: Record<string, string>) {
  return Object.fromEntries(
    DATE_FILTERS.map((d) => [d.field, f[`${d.name}From`] || f[`${d.name}To`] ? { from: f[`${d.name}From`] || null, to: f[`${d.name}To`] || null } : null]),
  );
}

/** From and to dates of one column, and a clear button when either is set. */
export function DateRangeFilter({ list, name, label }: { list: ListState<any>; name: string; label: string }) {
  const from = `${name}From`;
  const to = `${name}To`;
  const set = Boolean(list.filters[from] || list.filters[to]);
  return (
    <Fieldset.Root width={{ base: 'full', md: 'auto' }}>
      <HStack gap="1" align="center" w="full" wrap={{ base: 'wrap', md: 'nowrap' }}>
        <Fieldset.Legend fontSize="sm" color="fg.muted" mr="1" whiteSpace="nowrap" w={{ base: 'full', md: 'auto' }}>
          {label}
        </Fieldset.Legend>
        <Input type="date" size="sm" bg="bg" flex={{ base: 1, md: 'none' }} minW="0" w={{ md: '9.5rem' }} aria-label={`${label} fra`} value={list.filters[from] ?? ''} onChange={(e) => list.setFilter(from, e.target.value || null)} />
        <Box as="span" aria-hidden>
          –
        </Box>
        <Input type="date" size="sm" bg="bg" flex={{ base: 1, md: 'none' }} minW="0" w={{ md: '9.5rem' }} aria-label={`${label} til`} value={list.filters[to] ?? ''} onChange={(e) => list.setFilter(to, e.target.value || null)} />
        <IconButton
          size="xs"
          variant="ghost"
          aria-label={`Ryd ${label}`}
          disabled={!set}
          onClick={() => list.setFilters({ [from]: null, [to]: null })}
        >
          <X />
        </IconButton>
      </HStack>
    </Fieldset.Root>
  );
}
