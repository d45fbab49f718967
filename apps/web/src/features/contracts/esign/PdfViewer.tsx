import { Spinner, Text } from '@chakra-ui/react';
import { CONTRACT_MSG } from '@klubhus/domain/contractTexts';
import { useMemo } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';

// pdf.js renders in its own worker, bundled beside the viewer only.
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

/** One page of a PDF at a width (react-pdf); the page count goes to onPages. */
export default function PdfViewer({ bytes, page, width, onPages, onError }: { bytes: Uint8Array; page: number; width: number; onPages: (n: number) => void; onError: () => void }) {
  // pdf.js takes the buffer over: it gets a copy, made once per document.
  const file = useMemo(() => ({ data: bytes.slice() }), [bytes]);
  return (
    <Document file={file} onLoadSuccess={(d) => onPages(d.numPages)} onLoadError={onError} loading={<Spinner m="10" />} error={<Text p="6">{CONTRACT_MSG.pdfLoadFailed}</Text>}>
      <Page pageNumber={page} width={width} renderAnnotationLayer={false} renderTextLayer={false} />
    </Document>
  );
}
