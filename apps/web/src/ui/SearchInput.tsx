import { Input, InputGroup } from '@chakra-ui/react';
import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

export interface SearchInputProps {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Debounce in ms before onChange fires (default 300). */
  delay?: number;
  maxW?: string;
}

/** A search box that reports after the user pauses typing (and at once on Enter). */
export function SearchInput({ value, onChange, placeholder = 'Søg...', delay = 300, maxW = '20rem' }: SearchInputProps) {
  const [text, setText] = useState(value);
  const last = useRef(value);
  useEffect(() => {
    if (value !== last.current) {
      last.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text === last.current) return;
    const t = setTimeout(() => {
      last.current = text;
      onChange(text);
    }, delay);
    return () => clearTimeout(t);
  }, [text, delay, onChange]);
  return (
    <InputGroup startElement={<Search size={16} />} maxW={maxW}>
      <Input
        type="search"
        aria-label={placeholder.replace(/\.+$/, '')}
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            last.current = text;
            onChange(text);
          }
        }}
        bg="bg"
      />
    </InputGroup>
  );
}
