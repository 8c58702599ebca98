/** Reading the PDFs the service renders (invoices), as a test checks what a user would read in them. */
import { inflateSync } from 'node:zlib';

/** The text drawn in a PDF: its content streams inflated, the hex strings of `Tj` decoded. */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    const body = pdf.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(body).toString('latin1');
    } catch {
      content = body.toString('latin1');
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) texts.push(Buffer.from(hex[1], 'hex').toString('latin1'));
    for (const literal of content.matchAll(/\(((?:[^()\\]|\\.)*)\)\s*Tj/g)) texts.push(literal[1]);
  }
  return texts.join('\n');
}
