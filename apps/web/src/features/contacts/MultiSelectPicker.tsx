import { Box, Flex, Input, InputGroup, Spinner, Tag, Text, Wrap } from '@chakra-ui/react';
import { MSG } from '@klubhus/domain/messages';
import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';

export interface PickerOption {
  id: number;
  label: string;
  sub?: string | null;
}

export interface MultiSelectPickerProps {
  /** Accessible name and placeholder of the search box. */
  label: string;
  selected: PickerOption[];
  onChange: (selected: PickerOption[]) => void;
  /** Options for the current search text (the parent queries). */
  options: PickerOption[];
  loading?: boolean;
  onSearch: (text: string) => void;
  /** Makes each chosen tag a link (e.g. to the company). */
  linkTo?: (option: PickerOption) => string;
}

/** Chosen items as tags with remove, and a search box with a dropdown to add more. */
export function MultiSelectPicker({ label, selected, onChange, options, loading, onSearch, linkTo }: MultiSelectPickerProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const t = setTimeout(() => onSearch(text.trim()), 250);
    return () => clearTimeout(t);
  }, [text, onSearch]);
  useEffect(() => {
    const onDoc = (e: MouseEvent) => {
      if (wrapper.current && !wrapper.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    return () => document.removeEventListener('mousedown', onDoc);
  }, []);
  const chosen = new Set(selected.map((s) => s.id));
  const available = options.filter((o) => !chosen.has(o.id));
  return (
    <Box ref={wrapper} position="relative">
      {selected.length > 0 && (
        <Wrap gap="2" mb="2" aria-label={`Valgte: ${label}`}>
          {selected.map((s) => (
            <Tag.Root key={s.id} size="lg" colorPalette="brand" variant="surface">
              <Tag.Label>
                {linkTo ? (
                  <RouterLink to={linkTo(s)} style={{ textDecoration: 'underline', textUnderlineOffset: '2px' }}>
                    {s.label}
                  </RouterLink>
                ) : (
                  s.label
                )}
              </Tag.Label>
              <Tag.EndElement>
                <Tag.CloseTrigger aria-label={`Fjern ${s.label}`} onClick={() => onChange(selected.filter((x) => x.id !== s.id))} />
              </Tag.EndElement>
            </Tag.Root>
          ))}
        </Wrap>
      )}
      <InputGroup startElement={<Search size={16} />}>
        <Input
          bg="bg"
          role="combobox"
          aria-expanded={open}
          aria-label={label}
          placeholder={`${label}...`}
          value={text}
          onFocus={() => setOpen(true)}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false);
            if (e.key === 'Enter') {
              e.preventDefault();
              if (available[0]) {
                onChange([...selected, available[0]]);
                setText('');
              }
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
          maxH="64"
          overflowY="auto"
          role="listbox"
          aria-label={label}
        >
          {loading && available.length === 0 && (
            <Flex p="3" justify="center">
              <Spinner size="sm" aria-label="Indlæser" />
            </Flex>
          )}
          {!loading && available.length === 0 && (
            <Text p="3" fontSize="sm" color="fg.muted">
              {MSG.noResults}
            </Text>
          )}
          {available.map((o) => (
            <Box
              key={o.id}
              role="option"
              aria-selected={false}
              px="3"
              py="2"
              cursor="pointer"
              _hover={{ bg: 'bg.muted' }}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => {
                onChange([...selected, o]);
                setText('');
              }}
            >
              <Text fontSize="sm">{o.label}</Text>
              {o.sub && (
                <Text fontSize="xs" color="fg.muted">
                  {o.sub}
                </Text>
              )}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
