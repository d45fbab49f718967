import { Box, HStack, Text, Wrap } from '@chakra-ui/react';
import type { TSeatMapLayout } from '@klubhus/domain';
import { Accessibility } from 'lucide-react';
import { LOOK_LABELS, type SeatLook } from './seatIndex';

/** How each look is drawn (SeatMap's SEAT_CSS), as a swatch. */
const SWATCH: Record<SeatLook | 'channel' | 'selected', { bg: string; border: string; dashed?: boolean }> = {
  free: { bg: '#3372f9', border: 'transparent' },
  held: { bg: '#f59e0b', border: 'transparent' },
  booked: { bg: '#9ca3af', border: 'transparent' },
  taken: { bg: '#9ca3af', border: 'transparent' },
  blocked: { bg: '#ffffff', border: '#6b7280', dashed: true },
  mine: { bg: '#3372f9', border: '#111827' },
  channel: { bg: '#ffffff', border: '#7c3aed' },
  selected: { bg: '#ffffff', border: '#111827' },
};

function Swatch({ look, color }: { look: keyof typeof SWATCH; color?: string }) {
  const s = SWATCH[look];
  return <Box w="3.5" h="3.5" borderRadius="full" bg={color ?? s.bg} borderWidth="2px" borderStyle={s.dashed ? 'dashed' : 'solid'} borderColor={s.border} flexShrink={0} />;
}

/** The categories with their colours and wheelchair places, and the states the map shows. */
export function SeatLegend({ layout, looks, extra = [] }: { layout: TSeatMapLayout; looks: readonly SeatLook[]; extra?: ('channel' | 'selected')[] }) {
  const names: Record<'channel' | 'selected', string> = { channel: 'i en kanal', selected: 'markeret' };
  return (
    <Wrap gap="4" fontSize="sm" aria-label="Signaturforklaring" role="list">
      {layout.categories.map((c) => (
        <HStack key={c.key} gap="1.5" role="listitem">
          <Box w="3.5" h="3.5" borderRadius={c.accessible ? 'sm' : 'full'} bg={c.color} flexShrink={0} />
          <Text>{c.label}</Text>
          {c.accessible && <Accessibility size={14} aria-label="kørestolsplads" />}
        </HStack>
      ))}
      {looks
        .filter((l) => l !== 'free')
        .map((l) => (
          <HStack key={l} gap="1.5" role="listitem">
            <Swatch look={l} />
            <Text>{LOOK_LABELS[l][0].toUpperCase() + LOOK_LABELS[l].slice(1)}</Text>
          </HStack>
        ))}
      {extra.map((l) => (
        <HStack key={l} gap="1.5" role="listitem">
          <Swatch look={l} />
          <Text>{names[l][0].toUpperCase() + names[l].slice(1)}</Text>
        </HStack>
      ))}
    </Wrap>
  );
}
