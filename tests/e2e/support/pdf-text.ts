// The text of a PDF that Chromium printed, without a PDF library: Chromium (Skia) writes each text run as
// glyph ids in hex (`<0012002f> Tj`, or `[<…> -12 <…>] TJ`) inside FlateDecode content streams, and gives each
// font a ToUnicode CMap from glyph id to characters. The runs are decoded with every font's map; a string is
// "in the PDF" when one of the decodings holds it.
import { inflateSync } from 'node:zlib';

function streams(pdf: Buffer): Buffer[] {
  const found: Buffer[] = [];
  const text = pdf.toString('latin1');
  const marker = />>\s*stream\r?\n/g;
  for (let match = marker.exec(text); match; match = marker.exec(text)) {
    const dictStart = text.lastIndexOf('<<', match.index);
    const dict = text.slice(dictStart, match.index);
    const length = /\/Length (\d+)/.exec(dict);
    if (!length) continue;
    const start = match.index + match[0].length;
    const raw = pdf.subarray(start, start + Number(length[1]));
    try {
      found.push(/\/FlateDecode/.test(dict) ? inflateSync(raw) : raw);
    } catch {
      // Not a stream we can read (an image, say): it holds no text.
    }
    marker.lastIndex = start + Number(length[1]);
  }
  return found;
}

const hexToText = (hex: string) =>
  String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));

function toUnicodeMaps(contents: string[]): Map<number, string>[] {
  return contents
    .filter((content) => content.includes('begincmap'))
    .map((cmap) => {
      const map = new Map<number, string>();
      for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
        for (const [, glyph, unicode] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
          map.set(parseInt(glyph, 16), hexToText(unicode));
      }
      for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
        for (const [, from, to, first] of block[1].matchAll(
          /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g,
        )) {
          const start = parseInt(first, 16);
          for (let glyph = parseInt(from, 16); glyph <= parseInt(to, 16); glyph++)
            map.set(glyph, String.fromCodePoint(start + glyph - parseInt(from, 16)));
        }
      }
      return map;
    });
}

/** Each page content's text runs, decoded with each font's map in turn. */
export function pdfTexts(pdf: Buffer): string[] {
  const contents = streams(pdf).map((stream) => stream.toString('latin1'));
  const maps = toUnicodeMaps(contents);
  const runs = contents
    .filter((content) => /\bT[jJ]\b/.test(content))
    .flatMap((content) => [...content.matchAll(/<([0-9a-fA-F]+)>/g)].map((hex) => hex[1]));
  return maps.map((map) =>
    runs
      .map((hex) => (hex.match(/.{4}/g) ?? []).map((glyph) => map.get(parseInt(glyph, 16)) ?? '\uFFFD').join(''))
      .join(''),
  );
}

export const pdfHoldsText = (pdf: Buffer, wanted: string): boolean =>
  pdfTexts(pdf).some((text) => text.includes(wanted));

/** Pages of the document (`/Type /Page` objects, not `/Pages`). */
export const pdfPageCount = (pdf: Buffer): number =>
  (pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g) ?? []).length;
