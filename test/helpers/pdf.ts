/**
 * Reading the PDFs the service renders (invoices), as a test checks what a user would read in them:
 * the text each page shows, line by line. A font embedded from a file shows glyph numbers, which its
 * ToUnicode map turns back into the letters (as a PDF reader's copy and search do); a standard font
 * shows its text in WinAnsi, read here as Latin-1.
 */
import fontkit from '@pdf-lib/fontkit';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFRef } from 'pdf-lib';

/** A font's codes (hex, upper case) and the text each stands for; their width in hex digits. */
interface CodeMap {
  texts: Map<string, string>;
  digits: number;
  /** Whether the embedded font file draws the glyph of a code (Identity-H: the code is the glyph's number). */
  draws?: (code: string) => boolean;
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
const hexOf = (value: number, digits: number) => value.toString(16).toUpperCase().padStart(digits, '0');

/** A ToUnicode CMap's single codes (`bfchar`) and ranges (`bfrange`, consecutive texts from a start). */
function codeMapOf(cmap: string): CodeMap {
  const texts = new Map<string, string>();
  const space = /begincodespacerange\s*<([0-9A-Fa-f]+)>/.exec(cmap);
  const digits = space ? space[1].length : 4;
  for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of block.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>/g)) texts.set(code.toUpperCase(), utf16(text));
  }
  for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, low, high, start] of block.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const first = Buffer.from(start, 'hex');
      for (let code = parseInt(low, 16); code <= parseInt(high, 16); code += 1) {
        const text = Buffer.from(first);
        text.writeUInt16BE(text.readUInt16BE(text.length - 2) + code - parseInt(low, 16), text.length - 2);
        texts.set(hexOf(code, digits), utf16(text.toString('hex')));
      }
    }
  }
  return { texts, digits };
}

/** The code maps of the fonts a page's resources name, by resource name (`/F1`...); none for a standard font. */
function fontsOf(document: PDFDocument, resources: PDFDict | undefined): Map<string, CodeMap> {
  const fonts = new Map<string, CodeMap>();
  const dict = resources?.lookupMaybe(PDFName.of('Font'), PDFDict);
  for (const [name, ref] of dict?.entries() ?? []) {
    const font = document.context.lookup(ref, PDFDict);
    const toUnicode = font.lookup(PDFName.of('ToUnicode'));
    if (!(toUnicode instanceof PDFRawStream)) continue;
    fonts.set(name.asString(), { ...codeMapOf(latin1(decodePDFRawStream(toUnicode).decode())), draws: drawerOf(document, font) });
  }
  return fonts;
}

/** The embedded TrueType file of a composite font, read as a viewer reads it: a glyph it cannot read draws nothing. */
function drawerOf(document: PDFDocument, font: PDFDict): ((code: string) => boolean) | undefined {
  const descendant = font.lookupMaybe(PDFName.of('DescendantFonts'), PDFArray)?.lookup(0, PDFDict);
  const file = descendant?.lookupMaybe(PDFName.of('FontDescriptor'), PDFDict)?.lookup(PDFName.of('FontFile2'));
  if (!(file instanceof PDFRawStream)) return undefined;
  const embedded = fontkit.create(Buffer.from(decodePDFRawStream(file).decode()));
  return (code) => {
    try {
      const { width, height } = embedded.getGlyph(parseInt(code, 16)).path.bbox;
      return width > 0 && height > 0;
    } catch {
      return false;
    }
  };
}

function decodeHex(hex: string, font: CodeMap | undefined): string {
  if (!font) return Buffer.from(hex, 'hex').toString('latin1');
  let text = '';
  for (let at = 0; at < hex.length; at += font.digits) text += font.texts.get(hex.slice(at, at + font.digits).toUpperCase()) ?? '\uFFFD';
  return text;
}

/** The letters a PDF shows whose glyph its embedded font does not draw: they read right, and print blank. */
export async function undrawnLetters(pdf: Buffer): Promise<string[]> {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  const undrawn = new Set<string>();
  for (const page of document.getPages()) {
    for (const font of fontsOf(document, page.node.Resources()).values()) {
      for (const [code, text] of font.texts) if (text.trim() && font.draws && !font.draws(code)) undrawn.add(text);
    }
  }
  return [...undrawn];
}

/** The text drawn in a PDF, one `Tj` a line, page after page. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  const texts: string[] = [];
  for (const page of document.getPages()) {
    const fonts = fontsOf(document, page.node.Resources());
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => document.context.lookup(ref as PDFRef)) : [contents];
    let font: CodeMap | undefined;
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const content = latin1(decodePDFRawStream(stream).decode());
      for (const [, fontName, hex, literal] of content.matchAll(/(\/[^\s/[\]()<>]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj|\(((?:[^()\\]|\\.)*)\)\s*Tj/g)) {
        if (fontName !== undefined) font = fonts.get(fontName);
        else if (hex !== undefined) texts.push(decodeHex(hex, font));
        else texts.push(literal);
      }
    }
  }
  return texts.join('\n');
}
