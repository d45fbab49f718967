import { Input, type InputProps } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';

const split = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** A list of short strings typed comma-separated ('read, update'); the value is string[]. */
export function StringListInput({
  value,
  onChange,
  ...props
}: { value: string[] | null | undefined; onChange: (value: string[]) => void } & Omit<InputProps, 'value' | 'onChange'>) {
  const [text, setText] = useState(() => (value ?? []).join(', '));
  const lastSent = useRef<string>(JSON.stringify(value ?? []));
  useEffect(() => {
    const incoming = JSON.stringify(value ?? []);
    if (incoming !== lastSent.current) {
      lastSent.current = incoming;
      setText((value ?? []).join(', '));
    }
  }, [value]);
  return (
    <Input
      bg="bg"
      {...props}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const list = split(e.target.value);
        lastSent.current = JSON.stringify(list);
        onChange(list);
      }}
      onBlur={(e) => {
        setText(split(text).join(', '));
        props.onBlur?.(e);
      }}
    />
  );
}
