import { Badge, Box, Flex, IconButton, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { formatAmount, formatDKK, kronerToOre, MSG } from '@klubhus/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useAppState } from '../../lib/appState';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { DropdownList, DropdownOption, DropdownStatus, useDebouncedText } from '../../ui/Dropdown';

/** Kroner for a form's text input: 1234.5 → '1234,50' (no thousands dots, the Danish comma; the schema parses it back). */
export const krInput = (kroner: number | null | undefined): string =>
  kroner === null || kroner === undefined ? '' : formatAmount(kronerToOre(kroner)).replace(/\./g, '');

/** True when a feature (e.g. 'contracts', 'economic') of a module is switched on for the club. */
export function useFeature(moduleAlias: string, featureAlias: string): boolean {
  const { client } = useAppState();
  const m = client?.modules.find((x) => x.alias === moduleAlias);
  const f = (m?.features as { alias: string; active?: boolean }[] | undefined)?.find((x) => x.alias === featureAlias);
  return !!f && f.active !== false;
}

/** True when the club has the module on. */
export function useModuleOn(moduleAlias: string): boolean {
  const { client } = useAppState();
  return !!client?.modules.some((x) => x.alias === moduleAlias);
}

type PickerProduct = RouterOutputs['products']['search'][number];

/**
 * Product search picker: type to search the club's products (title or SKU),
 * pick one from the results. `exclude` hides ids (the product itself, already
 * chosen ones).
 */
export function ProductSearch({
  onPick,
  exclude = [],
  label = 'Søg produkt',
  invalid,
  autoFocus,
}: {
  onPick: (product: PickerProduct) => void;
  exclude?: number[];
  label?: string;
  invalid?: boolean;
  autoFocus?: boolean;
}) {
  const trpc = useTRPC();
  const listId = useId();
  const [text, setText] = useState('');
  const search = useDebouncedText(text);
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
  }, []);
  const q = useQuery({ ...trpc.products.search.queryOptions({ search, limit: 20 }), enabled: open, placeholderData: keepPreviousData });
  const results = (q.data ?? []).filter((p) => !exclude.includes(p.id));
  return (
    <Box position="relative">
      <InputGroup startElement={<Search size={16} />}>
        <Input
          bg="bg"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-label={label}
          aria-invalid={invalid || undefined}
          placeholder={`${label}...`}
          value={text}
          autoFocus={autoFocus}
          onFocus={() => {
            // A close scheduled by an earlier blur must not shut the list the user just came back to.
            if (closeTimer.current) clearTimeout(closeTimer.current);
            setOpen(true);
          }}
          onBlur={() => {
            closeTimer.current = setTimeout(() => setOpen(false), 150);
          }}
          onChange={(e) => {
            if (closeTimer.current) clearTimeout(closeTimer.current);
            setText(e.target.value);
            setOpen(true);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false);
          }}
        />
      </InputGroup>
      {open && (
        <DropdownList id={listId} aria-label="Produkter" position="static" boxShadow="md">
          <DropdownStatus loading={q.isFetching && !q.data} empty={results.length === 0} message={MSG.noResults} />
          {results.map((p) => (
            <DropdownOption
              key={p.id}
              onMouseDown={(e) => {
                e.preventDefault();
                onPick(p);
                setText('');
                setOpen(false);
              }}
            >
              <Flex justify="space-between" gap="3">
                <Text fontWeight="medium">{p.title}</Text>
                <Text color="fg.muted" fontSize="sm" whiteSpace="nowrap">
                  {formatDKK(kronerToOre(p.price))}
                </Text>
              </Flex>
              {p.sku && (
                <Text fontSize="xs" color="fg.muted">
                  Varenr. {p.sku}
                </Text>
              )}
            </DropdownOption>
          ))}
        </DropdownList>
      )}
    </Box>
  );
}

/** Chosen products as removable tags (discount codes' products picker). */
export function ProductTags({ products, onRemove }: { products: { id: number; title: string }[]; onRemove: (id: number) => void }) {
  if (!products.length) return null;
  return (
    <Stack direction="row" wrap="wrap" gap="2" mt="3">
      {products.map((p) => (
        <Badge key={p.id} size="lg" variant="subtle" colorPalette="brand" pe="1">
          {p.title}
          <IconButton size="2xs" variant="ghost" aria-label={`Fjern ${p.title}`} onClick={() => onRemove(p.id)}>
            <X />
          </IconButton>
        </Badge>
      ))}
    </Stack>
  );
}

/** Danish names of the custom field types (SPEC §3 Custom field). */
export const FIELD_TYPE_LABELS: Record<string, string> = {
  Text: 'Tekst',
  RichText: 'Formateret tekst',
  Number: 'Tal',
  Dropdown: 'Dropdown',
  Date: 'Dato',
  DateTime: 'Dato og tid',
  Time: 'Tidspunkt',
  Checkbox: 'Afkrydsningsfelt',
  Upload: 'Upload',
};
