import { Alert, Box, Button, Container, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { CONTRACT_MSG } from '@klubhus/domain/contractTexts';
import { ChevronLeft, ChevronRight, Download, PenLine } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { base64ToBytes } from '../../../lib/transfer';
import { useTRPC } from '../../../lib/trpc';
import { errorMessage } from '../../../ui/errors';
import { notify } from '../../../ui/toaster';

/** The PDF viewer (react-pdf and pdf.js) arrives after the page, only here. */
const PdfViewer = lazy(() => import('./PdfViewer'));
/** The signature dialog and its pad, loaded when Underskriv is pressed. */
const SignModal = lazy(() => import('./SignModal'));

type Loaded = { bytes: Uint8Array; signed: boolean; fileName: string };

/**
 * /contracts/:id/esign?token= and /contracts/esign/:id?token= — the page a signing link opens (no
 * login, no side navigation: the token is the guard). The PDF in a viewer with previous / next and a
 * page counter; Underskriv opens a signature pad (pen 0.5–2.5); signing sends the drawing and shows
 * 'Aftale underskrevet' and the signed PDF with its evidence page.
 */
export default function ContractSignPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const trpc = useTRPC();
  // One load per visit (it is the trail's 'opened'); the token is the guard, not a session.
  const page0 = useQuery({
    ...trpc.contracts.signPage.queryOptions({ id: Number(id), token, userAgent: navigator.userAgent }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const [signedDoc, setSignedDoc] = useState<Loaded | null>(null);
  const [viewerFailed, setViewerFailed] = useState(false);
  const loaded = useMemo<Loaded | null>(
    () => (page0.data ? { bytes: base64ToBytes(page0.data.base64), signed: page0.data.signed, fileName: page0.data.fileName } : null),
    [page0.data],
  );
  const doc = signedDoc ?? loaded;
  const error = viewerFailed ? CONTRACT_MSG.pdfLoadFailed : page0.error ? errorMessage(page0.error) : null;
  const [pages, setPages] = useState(0);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState(false);
  const [width, setWidth] = useState(800);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const measure = () => setWidth(Math.min(900, (box.current?.clientWidth ?? 800) - 2));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);

  const signed = async (bytes: Uint8Array, fileName: string) => {
    setSignedDoc({ bytes, signed: true, fileName });
    setPage(1);
    setOpen(false);
    notify.success(CONTRACT_MSG.signed);
  };

  const download = () => {
    if (!doc) return;
    const url = URL.createObjectURL(new Blob([doc.bytes.slice()], { type: 'application/pdf' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = doc.fileName;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <Container maxW="4xl" py="6" px={{ base: '2', md: '6' }}>
      <Stack gap="4">
        <Heading as="h1" size="lg">
          Aftale til underskrift
        </Heading>
        {error && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{error === CONTRACT_MSG.pdfLoadFailed ? error : `${CONTRACT_MSG.pdfLoadFailed}: ${error}`}</Alert.Title>
          </Alert.Root>
        )}
        {doc?.signed && (
          <Alert.Root status="success">
            <Alert.Indicator />
            <Alert.Title>{CONTRACT_MSG.signed}</Alert.Title>
          </Alert.Root>
        )}
        <HStack justify="space-between" flexWrap="wrap" gap="2">
          <HStack gap="2">
            <Button size="sm" variant="outline" aria-label="Forrige side" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              <ChevronLeft />
            </Button>
            <Text aria-live="polite" data-testid="page-counter">
              Side {pages ? page : 0} af {pages}
            </Text>
            <Button size="sm" variant="outline" aria-label="Næste side" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              <ChevronRight />
            </Button>
          </HStack>
          <HStack gap="2">
            {doc && (
              <Button size="sm" variant="outline" onClick={download}>
                <Download /> Hent PDF
              </Button>
            )}
            {doc && !doc.signed && (
              <Button size="sm" colorPalette="brand" onClick={() => setOpen(true)}>
                <PenLine /> Underskriv
              </Button>
            )}
          </HStack>
        </HStack>
        <Box ref={box} borderWidth="1px" rounded="md" bg="gray.100" minH="60vh" display="flex" justifyContent="center" overflow="hidden">
          {!doc && !error && <Spinner m="10" />}
          {doc && (
            <Suspense fallback={<Spinner m="10" />}>
              <PdfViewer bytes={doc.bytes} page={page} width={width} onPages={setPages} onError={() => setViewerFailed(true)} />
            </Suspense>
          )}
        </Box>
      </Stack>
      {open && (
        <Suspense fallback={null}>
          <SignModal open={open} onClose={() => setOpen(false)} id={id} token={token} onSigned={signed} />
        </Suspense>
      )}
    </Container>
  );
}
