import { Box, HStack, IconButton } from '@chakra-ui/react';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

/** A row of fields in a list the user grows and shrinks (options, extra info, rates): the fields side by side, then a remove button. */
export function RemovableRow({ removeLabel, onRemove, children }: { removeLabel: string; onRemove: () => void; children: ReactNode[] }) {
  return (
    <HStack gap="2" align="end">
      {children.map((c, i) => (
        <Box key={i} flex="1" minW="0">
          {c}
        </Box>
      ))}
      <IconButton size="sm" variant="ghost" aria-label={removeLabel} onClick={onRemove}>
        <X />
      </IconButton>
    </HStack>
  );
}
