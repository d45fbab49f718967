import { Badge, Box, chakra, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { GATE_MODE_MSG, GATE_MSG, SCAN_DEBOUNCE_MS, type TGateCodes, type TScanResponse } from '@klubhus/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { usePageTitle } from '../../ui/page-title';
import { CameraScanner } from './CameraScanner';
import { useGateApp } from './gateApp';
import { ScanPanel } from './ScanPanel';

type Ticket = TGateCodes['tickets'][number];
type Queued = { nonce: string; code: string; scannedAt: string };
type Later = { nonce: string; name: string | null; data: string | null };

const store = {
  read<T>(key: string, fallback: T): T {
    try {
      const v = localStorage.getItem(key);
      return v ? (JSON.parse(v) as T) : fallback;
    } catch {
      return fallback;
    }
  },
  write(key: string, value: unknown) {
    localStorage.setItem(key, JSON.stringify(value));
  },
};
const newNonce = () => `g${Date.now().toString(36)}-${crypto.randomUUID().replace(/-/g, '').slice(0, 20)}`;
/** No answer from the server (offline, timed out): not a refusal. */
const isNetworkError = (e: unknown) => !(e as { data?: unknown }).data;

/**
 * Gate mode (issue 16): a full-screen scanner for the gate. It keeps the event's tickets on the
 * device; while the connection is gone it confirms from that copy and queues each scan with a
 * nonce; when the connection returns it replays the queue (the server answers a nonce once, so
 * nothing counts twice) and lists the scans another gate had already let in.
 */
export default function GatePage() {
  const { id = '' } = useParams();
  const eventId = Number(id);
  const trpc = useTRPC();
  const client = useTRPCClient();
  const codesKey = `klubhus-gate-codes-${eventId}`;
  const queueKey = `klubhus-gate-queue-${eventId}`;
  const seenKey = `klubhus-gate-seen-${eventId}`;
  const [online, setOnline] = useState(() => navigator.onLine);
  const [queue, setQueue] = useState<Queued[]>(() => store.read(queueKey, []));
  const [later, setLater] = useState<Later[]>([]);
  const [answer, setAnswer] = useState<{ scan: TScanResponse; offline: boolean } | null>(null);
  const [code, setCode] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // With the camera on, focusing the field would open a phone's keyboard over the picture.
  const camera = useRef(false);
  const codes = useQuery({ ...trpc.gate.codes.queryOptions({ id: eventId }), refetchInterval: 60_000, retry: false });
  const [local, setLocal] = useState<TGateCodes | null>(() => store.read(codesKey, null));
  useGateApp(eventId);
  usePageTitle(`${GATE_MODE_MSG.title}${local ? `: ${local.title}` : ''}`);

  useEffect(() => {
    if (codes.data) {
      // The server's copy, with what this device let in offline and has not sent yet.
      const seen = new Set(store.read<string[]>(seenKey, []));
      const merged = { ...codes.data, tickets: codes.data.tickets.map((t) => (seen.has(t.code) ? { ...t, scanned: true } : t)) };
      store.write(codesKey, merged);
      setLocal(merged);
    }
  }, [codes.data, codesKey, seenKey]);
  useEffect(() => store.write(queueKey, queue), [queue, queueKey]);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);

  const markSeen = (c: string) => {
    const seen = new Set(store.read<string[]>(seenKey, []));
    seen.add(c);
    store.write(seenKey, [...seen]);
    setLocal((l) => (l ? { ...l, tickets: l.tickets.map((t) => (t.code === c ? { ...t, scanned: true } : t)) } : l));
  };

  /** Confirms from the device's copy: unknown, already let in, or in (queued). */
  const offlineScan = (raw: string): TScanResponse => {
    const c = raw.trim();
    const t: Ticket | undefined = local?.tickets.find((x) => x.code === c || x.code === c.toLowerCase());
    const base = { firstScannedAt: null, firstScannedBy: null, replayed: false, data: null };
    if (!t) return { ...base, success: false, status: 'unknown', result: null, error: GATE_MSG.unknownTicket };
    const { code: _c, scanned, ...result } = t;
    if (scanned) return { ...base, success: false, status: 'duplicate', result, error: GATE_MSG.alreadyScanned };
    markSeen(t.code);
    setQueue((q) => [...q, { nonce: newNonce(), code: t.code, scannedAt: new Date().toISOString() }]);
    return { ...base, success: true, status: 'confirmed', result, error: null };
  };

  const scan = async (raw: string) => {
    const ticketId = raw.trim();
    if (!ticketId) return;
    setCode('');
    if (!online) {
      setAnswer({ scan: offlineScan(ticketId), offline: true });
      return;
    }
    try {
      const r = await client.gate.scan.mutate({ id: eventId, ticketId, nonce: newNonce(), scannedAt: new Date().toISOString(), gate: 'Portscanner' });
      if (r.result && (r.success || r.status === 'duplicate')) markSeen(local?.tickets.find((t) => t.id === r.result?.id)?.code ?? ticketId);
      setAnswer({ scan: r, offline: false });
    } catch (e) {
      if (!isNetworkError(e)) throw e;
      setOnline(false);
      setAnswer({ scan: offlineScan(ticketId), offline: true });
    } finally {
      if (!camera.current) input.current?.focus();
    }
  };

  /** Sends the queue, oldest first; each answered scan leaves it; a duplicate goes to the list. */
  const replay = useCallback(async () => {
    const pending = store.read<Queued[]>(queueKey, []);
    for (const q of pending) {
      try {
        const r = await client.gate.scan.mutate({ id: eventId, ticketId: q.code, nonce: q.nonce, scannedAt: q.scannedAt, gate: 'Portscanner' });
        if (r.status === 'duplicate') setLater((l) => (l.some((x) => x.nonce === q.nonce) ? l : [...l, { nonce: q.nonce, name: r.result?.name ?? null, data: r.data }]));
        setQueue((cur) => cur.filter((x) => x.nonce !== q.nonce));
      } catch (e) {
        if (isNetworkError(e)) {
          setOnline(false);
          return;
        }
        setQueue((cur) => cur.filter((x) => x.nonce !== q.nonce));
      }
    }
    void codes.refetch();
  }, [client, eventId, queueKey, codes]);

  useEffect(() => {
    if (!online || queue.length === 0) return;
    void replay();
    const t = setInterval(() => void replay(), 5000);
    return () => clearInterval(t);
  }, [online, queue.length, replay]);

  // SPEC §9: 500 ms after the last keystroke (or at once on Enter) — from the last change of the
  // code, not from the last render (the replay timer and the connection events render too).
  const scanLatest = useRef(scan);
  scanLatest.current = scan;
  useEffect(() => {
    if (!code.trim()) return;
    const t = setTimeout(() => void scanLatest.current(code), SCAN_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [code]);

  return (
    <Box minH="100dvh" p={{ base: '4', md: '8' }} bg="bg.subtle">
      <Stack gap="5" maxW="40rem" mx="auto">
        <HStack justify="space-between" wrap="wrap">
          <Heading as="h1" size="xl">
            {GATE_MODE_MSG.title}
            {local ? ` – ${local.title}` : ''}
          </Heading>
          <Badge size="lg" colorPalette={online ? 'green' : 'orange'} data-testid="gate-online">
            {online ? GATE_MODE_MSG.online : 'Offline'}
          </Badge>
        </HStack>
        {!online && (
          <Text role="status" color="orange.fg">
            {GATE_MODE_MSG.offline}
          </Text>
        )}
        <Box>
          <chakra.label htmlFor="gate-code" fontWeight="medium" display="block" mb="1">
            {GATE_MSG.ticketCode}
          </chakra.label>
          <Input
            id="gate-code"
            ref={input}
            autoFocus
            size="2xl"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void scan(code);
              }
            }}
            bg="bg"
          />
        </Box>
        {/* A decoded code is typed into the field: the same debounce, scan and offline path. */}
        <CameraScanner onCode={setCode} onActive={(on) => (camera.current = on)} />
        <div aria-live="polite">
          {answer && (
            <Stack gap="1">
              <ScanPanel scan={answer.scan} />
              {answer.offline && answer.scan.success && (
                <Text fontSize="sm" color="fg.muted">
                  {GATE_MODE_MSG.confirmedOffline}
                </Text>
              )}
            </Stack>
          )}
        </div>
        <Text data-testid="gate-queue" color="fg.muted">
          {GATE_MODE_MSG.waiting(queue.length)}
        </Text>
        {later.length > 0 && (
          <Box borderWidth="1px" borderColor="red.300" borderRadius="md" p="3" bg="bg" data-testid="gate-later">
            <Heading as="h2" size="sm" mb="2">
              {GATE_MODE_MSG.laterDuplicates}
            </Heading>
            <Stack gap="1" as="ul" listStyleType="none">
              {later.map((l) => (
                <Text as="li" key={l.nonce}>
                  {l.name ?? 'Billet'}: {l.data}
                </Text>
              ))}
            </Stack>
          </Box>
        )}
      </Stack>
    </Box>
  );
}
