/**
 * The fonts of the PDFs the service makes: DejaVu Sans (the TTF files of the dejavu-fonts-ttf
 * package; Bitstream Vera licence and public domain: embedding and redistribution allowed), which
 * has every letter of the names of Benin (Fon and Yoruba: Ɖ, ɔ, ɛ, ẹ, ọ) where the standard PDF
 * fonts, limited to WinAnsi, print `?`. Google Fonts' builds (Noto Sans, Inter) have them too, but
 * @pdf-lib/fontkit's subsetting draws most of their letters blank: checked by rendering the page.
 *
 * Each PDF embeds only the glyphs it draws (subsetting): a few kB, not the 750 kB of a file. The
 * files and fontkit are read on the first PDF an instance makes, never at a cold start: both stay in
 * node_modules, outside the bundles (scripts/bundle.mjs), and this module is only imported lazily.
 * Each file is parsed once per instance too (a few hundred ms): a PDF then takes tens of ms.
 */
import { readFile } from 'node:fs/promises';
import type { PDFDocument, PDFFont } from 'pdf-lib';

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

/** The package's files, resolved from node_modules wherever the code runs (src, lib, dist). */
const FONT_FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
} as const;

export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
}

interface FontSources {
  fontkit: Fontkit;
  regular: Buffer;
  bold: Buffer;
}

let sources: Promise<FontSources> | undefined;

/** fontkit, keeping the font it parsed from each file's bytes: pdf-lib asks it to parse them for every PDF. */
function parsingOnce(fontkit: Fontkit): Fontkit {
  const parsed = new Map<Uint8Array, ReturnType<Fontkit['create']>>();
  return {
    create(bytes) {
      let font = parsed.get(bytes);
      if (!font) {
        font = fontkit.create(bytes);
        parsed.set(bytes, font);
      }
      return font;
    },
  };
}

async function loadSources(): Promise<FontSources> {
  const [fontkit, regular, bold] = await Promise.all([import('@pdf-lib/fontkit'), readFile(require.resolve(FONT_FILES.regular)), readFile(require.resolve(FONT_FILES.bold))]);
  return { fontkit: parsingOnce(fontkit.default), regular, bold };
}

/**
 * One glyph per letter: pdf-lib tells readers (copy, search) the text of each glyph, and places
 * no combining mark. A font's `ccmp` may draw ọ as o and a dot below, and that o would then read as
 * either letter; without it, the font's own ọ is drawn, and the text is put in composed form first.
 */
const FEATURES = { ccmp: false };

/** A line of text as the fonts draw it: composed letters; a control character (a line break) a space. */
export const printable = (text: string): string => text.normalize('NFC').replace(/\p{Cc}/gu, ' ');

/** Embeds the text fonts in `pdf`, subset to what it will draw; its text goes through `printable`. */
export async function embedTextFonts(pdf: PDFDocument): Promise<PdfFonts> {
  // Read once per instance; a failed read is tried again by the next PDF rather than kept.
  sources ??= loadSources().catch((error: unknown) => {
    sources = undefined;
    throw error;
  });
  const { fontkit, regular, bold } = await sources;
  pdf.registerFontkit(fontkit);
  const [regularFont, boldFont] = await Promise.all([pdf.embedFont(regular, { subset: true, features: FEATURES }), pdf.embedFont(bold, { subset: true, features: FEATURES })]);
  return { regular: regularFont, bold: boldFont };
}
