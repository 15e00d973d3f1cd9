import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * DejaVu Sans (the `dejavu-fonts-ttf` package) for the PDFs the server makes (the usage summary, the
 * poster): the standard PDF fonts speak WinAnsi only and cannot print Czech letters such as ř, ě, ů, and
 * club names and texts must print exactly. Embedded as subsets, so a PDF carries only the letters it uses.
 */
export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
  /** Whether the fonts have a glyph for `letter` (one code point); others would print as an empty box. */
  covers(letter: string): boolean;
}

interface FontFiles {
  regular: Uint8Array;
  bold: Uint8Array;
  covers(letter: string): boolean;
}

let fontFiles: Promise<FontFiles> | null = null;

/** The TTF files, read once per process. */
function loadFonts(): Promise<FontFiles> {
  fontFiles ??= (async () => {
    const dir = path.join(
      path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
      'ttf',
    );
    const [regular, bold] = await Promise.all([
      readFile(path.join(dir, 'DejaVuSans.ttf')),
      readFile(path.join(dir, 'DejaVuSans-Bold.ttf')),
    ]);
    const [plain, heavy] = [fontkit.create(regular), fontkit.create(bold)];
    const covers = (letter: string) => {
      const point = letter.codePointAt(0);
      return point !== undefined && plain.hasGlyphForCodePoint(point) && heavy.hasGlyphForCodePoint(point);
    };
    return { regular, bold, covers };
  })();
  return fontFiles;
}

/** DejaVu Sans and Sans Bold embedded in `doc`. */
export async function embedDejaVu(doc: PDFDocument): Promise<PdfFonts> {
  doc.registerFontkit(fontkit);
  const files = await loadFonts();
  const [regular, bold] = await Promise.all([
    doc.embedFont(files.regular, { subset: true }),
    doc.embedFont(files.bold, { subset: true }),
  ]);
  return { regular, bold, covers: files.covers };
}
