import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { GATE_MSG, type TScanResponse } from '@klubhus/domain';

/**
 * SPEC §8 scan panels: green 'Bekræftet' (ticket number, name, product, options, section,
 * 'Række {row}', 'Plads {seatNumber}') and red 'Billet ikke bekræftet' (error text, optional data,
 * ticket name, product, seat).
 */
export function ScanPanel({ scan }: { scan: TScanResponse }) {
  const t = scan.result;
  const seat = t && [t.section, t.row ? GATE_MSG.row(t.row) : null, t.seatNumber ? GATE_MSG.seat(t.seatNumber) : null].filter(Boolean);
  if (scan.success) {
    return (
      <Box data-testid="scan-confirmed" role="status" borderRadius="md" borderWidth="2px" borderColor="green.600" bg="green.subtle" p="4">
        <Stack gap="1">
          <Heading size="lg" color="green.fg">
            {GATE_MSG.confirmed}
          </Heading>
          {t && (
            <>
              <Text fontWeight="semibold">Billet nr. {t.number}</Text>
              {t.name && <Text fontSize="lg">{t.name}</Text>}
              {t.company && <Text>{t.company}</Text>}
              <Text>{t.product}</Text>
              {t.options.length > 0 && <Text>{t.options.join(', ')}</Text>}
              {t.section && <Text>{t.section}</Text>}
              {t.row && <Text>{GATE_MSG.row(t.row)}</Text>}
              {t.seatNumber && <Text>{GATE_MSG.seat(t.seatNumber)}</Text>}
            </>
          )}
        </Stack>
      </Box>
    );
  }
  return (
    <Box data-testid="scan-refused" role="alert" borderRadius="md" borderWidth="2px" borderColor="red.600" bg="red.subtle" p="4">
      <Stack gap="1">
        <Heading size="lg" color="red.fg">
          {GATE_MSG.notConfirmed}
        </Heading>
        {scan.error && <Text fontWeight="semibold">{scan.error}</Text>}
        {scan.data && <Text>{scan.data}</Text>}
        {t?.name && <Text>{t.name}</Text>}
        {t && <Text>{t.product}</Text>}
        {seat && seat.length > 0 && <Text>{seat.join(', ')}</Text>}
      </Stack>
    </Box>
  );
}
