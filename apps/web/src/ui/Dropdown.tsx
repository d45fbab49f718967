import { Box, type BoxProps, Flex, Text } from '@chakra-ui/react';
import { type RefObject, useEffect, useState } from 'react';
import { LoadingSpinner } from './LoadingSpinner';

/** What was typed, trimmed, once the typing has paused for `ms` (the search a picker sends). */
export function useDebouncedText(text: string, ms = 250): string {
  const [value, setValue] = useState(text.trim());
  useEffect(() => {
    const t = setTimeout(() => setValue(text.trim()), ms);
    return () => clearTimeout(t);
  }, [text, ms]);
  return value;
}

/** Calls `close` on a mouse press outside `ref` (a picker's dropdown closes when the user clicks away). */
export function useCloseOnOutsideClick(ref: RefObject<HTMLElement | null>, close: () => void) {
  useEffect(() => {
    const onDoc = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) close();
    };
    document.addEventListener('mousedown', onDoc);
    return () => document.removeEventListener('mousedown', onDoc);
  }, [ref, close]);
}

/** A picker's dropdown list under its search box (role listbox); the wrapper must be position relative. */
export function DropdownList({ children, ...rest }: BoxProps) {
  return (
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
      {...rest}
    >
      {children}
    </Box>
  );
}

/** A spinner while the first results load, the message when there are none, else nothing. */
export function DropdownStatus({ loading, empty, message }: { loading: boolean; empty: boolean; message: string }) {
  if (!empty) return null;
  return loading ? (
    <Flex p="3" justify="center">
      <LoadingSpinner size="sm" />
    </Flex>
  ) : (
    <Text p="3" fontSize="sm" color="fg.muted">
      {message}
    </Text>
  );
}

/** One option of a dropdown list: hover highlight; a press does not take the focus from the search box. */
export function DropdownOption({ children, ...rest }: BoxProps) {
  return (
    <Box role="option" aria-selected={false} px="3" py="2" cursor="pointer" _hover={{ bg: 'bg.muted' }} onMouseDown={(e) => e.preventDefault()} {...rest}>
      {children}
    </Box>
  );
}
