import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { GATE_MSG, type TScanResponse, ticketSeatText } from '@klubhus/domain';
import type { ReactNode } from 'react';

/**
 * SPEC §8 scan panels: green 'Bekræftet' (ticket number, name, product, options, section,
 * 'Række {row}', 'Plads {seatNumber}') and red 'Billet ikke bekræftet' (error text, optional data,
 * ticket name, product, seat).
 */
export function ScanPanel({ scan }: { scan: TScanResponse }) {
  const t = scan.result;
  const seat = t ? ticketSeatText(t) : '';
  if (scan.success) {
    return (
      <Panel ok title={GATE_MSG.confirmed}>
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
      </Panel>
    );
  }
  return (
    <Panel ok={false} title={GATE_MSG.notConfirmed}>
      {scan.error && <Text fontWeight="semibold">{scan.error}</Text>}
      {scan.data && <Text>{scan.data}</Text>}
      {t?.name && <Text>{t.name}</Text>}
      {t && <Text>{t.product}</Text>}
      {seat && <Text>{seat}</Text>}
    </Panel>
  );
}

/** The green (status) or red (alert) panel with its heading. */
function Panel({ ok, title, children }: { ok: boolean; title: string; children: ReactNode }) {
  const color = ok ? 'green' : 'red';
  return (
    <Box data-testid={ok ? 'scan-confirmed' : 'scan-refused'} role={ok ? 'status' : 'alert'} borderRadius="md" borderWidth="2px" borderColor={`${color}.600`} bg={`${color}.subtle`} p="4">
      <Stack gap="1">
        <Heading size="lg" color={`${color}.fg`}>
          {title}
        </Heading>
        {children}
      </Stack>
    </Box>
  );
}
