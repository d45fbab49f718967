import { Avatar, Box, Button, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { MSG } from '@klubhus/domain/messages';
import { useQuery } from '@tanstack/react-query';
import { Search, UserPlus } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { DropdownList, DropdownOption, DropdownStatus, useCloseOnOutsideClick, useDebouncedText } from '../../ui/Dropdown';

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
  const search = useDebouncedText(text);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const [active, setActive] = useState(0);
  const wrapper = useRef<HTMLDivElement>(null);
  useCloseOnOutsideClick(wrapper, close);
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
        <DropdownList maxH="80" aria-label="Kontakter">
          <DropdownStatus loading={q.isFetching} empty={options.length === 0} message={q.isError ? MSG.unknownError : MSG.noResults} />
          {options.map((c, i) => (
            <DropdownOption
              key={c.id}
              aria-selected={i === active}
              display="flex"
              gap="3"
              alignItems="center"
              bg={i === active ? 'bg.muted' : undefined}
              onMouseEnter={() => setActive(i)}
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
            </DropdownOption>
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
        </DropdownList>
      )}
    </Box>
  );
}
