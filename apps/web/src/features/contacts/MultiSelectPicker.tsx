import { Box, Input, InputGroup, Tag, Text, Wrap } from '@chakra-ui/react';
import { MSG } from '@klubhus/domain/messages';
import { Search } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DropdownList, DropdownOption, DropdownStatus, useCloseOnOutsideClick, useDebouncedText } from '../../ui/Dropdown';

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
  const close = useCallback(() => setOpen(false), []);
  const wrapper = useRef<HTMLDivElement>(null);
  const search = useDebouncedText(text);
  useEffect(() => {
    onSearch(search);
  }, [search, onSearch]);
  useCloseOnOutsideClick(wrapper, close);
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
        <DropdownList aria-label={label}>
          <DropdownStatus loading={!!loading} empty={available.length === 0} message={MSG.noResults} />
          {available.map((o) => (
            <DropdownOption
              key={o.id}
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
            </DropdownOption>
          ))}
        </DropdownList>
      )}
    </Box>
  );
}
