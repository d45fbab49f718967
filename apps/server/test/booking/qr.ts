import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { PDFDocument, PDFName, type PDFNumber, PDFRawStream } from 'pdf-lib';

/**
 * Reads the QR code of a ticket PDF the way a scanner at the gate would read the printed ticket:
 * the PDF's square image (pdf-lib keeps it as 8-bit DeviceRGB or DeviceGray pixels, Flate-compressed)
 * decoded by jsQR. Answers the text the QR code carries.
 */
export async function decodeTicketQr(pdfBytes: Uint8Array): Promise<string | null> {
  const pdf = await PDFDocument.load(pdfBytes);
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const dict = object.dict;
    if (dict.get(PDFName.of('Subtype'))?.toString() !== '/Image') continue;
    const width = (dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
    const height = (dict.get(PDFName.of('Height')) as PDFNumber).asNumber();
    if (width !== height) continue; // the Code128 is wide; the QR code is square
    const space = dict.get(PDFName.of('ColorSpace'))?.toString();
    const raw = inflateSync(Buffer.from(object.contents));
    const channels = space === '/DeviceGray' ? 1 : 3;
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      for (let c = 0; c < 3; c++) rgba[i * 4 + c] = raw[i * channels + (channels === 1 ? 0 : c)];
      rgba[i * 4 + 3] = 255;
    }
    const found = jsQR(rgba, width, height);
    if (found) return found.data;
  }
  return null;
}
