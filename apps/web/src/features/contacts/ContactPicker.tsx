import { Avatar, Box, Button, Flex, Input, InputGroup, Spinner, Stack, Text } from '@chakra-ui/react';
import { MSG } from '@klubhus/domain/messages';
import { useQuery } from '@tanstack/react-query';
import { Search, UserPlus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';

export type ContactOption = RouterOutputs['contacts']['search'][number];

export interface ContactPickerProps {
  onPick: (contact: ContactOption) => void;
  /** Contacts already chosen: shown as such and not pickable. */
  excludeIds?: number[];
  /** Shows an 'Opret kontakt' button in the dropdown; called with what was typed. */
  onCreate?: (typed: string) => void;
  placeholder?: string;
  label?: string;
}

/**
 * A contact search picker: type to search (name, e-mail, phone), pick from the
 * dropdown; optionally 'Opret kontakt' at the bottom of the dropdown.
 */
export function ContactPicker({ onPick, excludeIds = [], onCreate, placeholder = 'Søg efter kontakt...', label = 'Søg efter kontakt' }: ContactPickerProps) {
  const trpc = useTRPC();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const t = setTimeout(() => setSearch(text.trim()), 250);
    return () => clearTimeout(t);
  }, [text]);
  useEffect(() => {
    const onDoc = (e: MouseEvent) => {
      if (wrapper.current && !wrapper.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    return () => document.removeEventListener('mousedown', onDoc);
  }, []);
  const q = useQuery({ ...trpc.contacts.search.queryOptions({ search: search || undefined }), enabled: open });
  const options = (q.data ?? []).filter((c) => !excludeIds.includes(c.id));
  const pick = (c: ContactOption) => {
    onPick(c);
    setText('');
    setOpen(false);
  };

  return (
    <Box position="relative" ref={wrapper}>
      <InputGroup startElement={<Search size={16} />}>
        <Input
          bg="bg"
          role="combobox"
          aria-expanded={open}
          aria-autocomplete="list"
          aria-label={label}
          placeholder={placeholder}
          value={text}
          onFocus={() => setOpen(true)}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(0);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false);
            if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, options.length - 1));
            if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
            if (e.key === 'Enter') {
              e.preventDefault();
              const c = options[active];
              if (c) pick(c);
            }
          }}
        />
      </InputGroup>
      {open && (
        <Box
          position="absolute"
          zIndex="dropdown"
          top="100%"
          mt="1"
          left="0"
          right="0"
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="md"
          boxShadow="lg"
          maxH="80"
          overflowY="auto"
          role="listbox"
          aria-label="Kontakter"
        >
          {q.isFetching && options.length === 0 && (
            <Flex p="3" justify="center">
              <Spinner size="sm" aria-label="Indlæser" />
            </Flex>
          )}
          {!q.isFetching && options.length === 0 && (
            <Text p="3" color="fg.muted" fontSize="sm">
              {q.isError ? MSG.unknownError : MSG.noResults}
            </Text>
          )}
          {options.map((c, i) => (
            <Flex
              key={c.id}
              role="option"
              aria-selected={i === active}
              gap="3"
              align="center"
              px="3"
              py="2"
              cursor="pointer"
              bg={i === active ? 'bg.muted' : undefined}
              _hover={{ bg: 'bg.muted' }}
              onMouseEnter={() => setActive(i)}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(c)}
            >
              <Avatar.Root size="xs">
                {c.picture && <Avatar.Image src={c.picture} alt="" />}
                <Avatar.Fallback name={c.name} />
              </Avatar.Root>
              <Stack gap="0" minW="0">
                <Text fontSize="sm" fontWeight="medium" truncate>
                  {c.name}
                </Text>
                <Text fontSize="xs" color="fg.muted" truncate>
                  {[c.email, c.phone ?? c.mobile].filter(Boolean).join(' · ')}
                </Text>
              </Stack>
            </Flex>
          ))}
          {onCreate && (
            <Box borderTopWidth="1px" p="2">
              <Button
                size="sm"
                variant="ghost"
                colorPalette="brand"
                width="full"
                justifyContent="flex-start"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  setOpen(false);
                  onCreate(text.trim());
                }}
              >
                <UserPlus /> Opret kontakt
              </Button>
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}
