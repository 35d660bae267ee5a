import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, neutraliseFormula, quoteCell, toCsv } from '../../../server/domain/csv.ts';

/** A strict RFC 4180 reader: records end with CRLF, quoted fields may hold anything, quotes doubled. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
          } else {
            i++;
            break;
          }
        } else field += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') throw new Error(`bare quote in unquoted field at ${i}`);
        field += text[i++];
      }
    }
    record.push(field);
    if (text[i] === ',') {
      i++;
    } else if (text.startsWith('\r\n', i)) {
      records.push(record);
      record = [];
      i += 2;
    } else {
      throw new Error(`expected , or CRLF at ${i}, found ${JSON.stringify(text[i])}`);
    }
  }
  if (record.length > 0) throw new Error('last record not ended by CRLF');
  return records;
}

const DANGEROUS_STARTS = ['=', '+', '-', '@', '\t', '\r', '\n'];

// Strings rich in the characters that matter here.
const trickyString = fc.string({
  unit: fc.oneof(
    fc.constantFrom('"', ',', '\r', '\n', '=', '+', '-', '@', '\t', "'", ' '),
    fc.string({ minLength: 1, maxLength: 1 }),
  ),
  maxLength: 20,
});
const cell = fc.oneof(trickyString, fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null));

describe('CSV writing', () => {
  it('round-trips any table through an RFC 4180 parser, cells neutralised', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 6 })
          .chain((width) =>
            fc.tuple(
              fc.constant(width),
              fc.array(fc.array(cell, { minLength: width, maxLength: width }), { maxLength: 8 }),
            ),
          ),
        ([width, rows]) => {
          const header = Array.from({ length: width }, (_, i) => `col${i}`);
          const parsed = parseCsv(toCsv(header, rows));
          expect(parsed[0]).toEqual(header);
          expect(parsed.slice(1)).toEqual(
            rows.map((row) => row.map((v) => (v === null ? '' : neutraliseFormula(String(v))))),
          );
        },
      ),
    );
  });

  it('never leaves a cell that starts like a formula', () => {
    fc.assert(
      fc.property(trickyString, (text) => {
        const [[parsed]] = parseCsv(csvCell(text) + '\r\n');
        expect(DANGEROUS_STARTS.some((c) => parsed.startsWith(c))).toBe(false);
        // Only a prefix was added: the original text is still all there.
        expect([text, `'${text}`]).toContain(parsed);
      }),
    );
  });

  it('leaves harmless cells exactly as they were', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/[",\r\n]/.test(s) && !DANGEROUS_STARTS.some((c) => s.startsWith(c))),
        (text) => {
          expect(csvCell(text)).toBe(text);
        },
      ),
    );
  });

  it('quotes exactly the cells RFC 4180 requires', () => {
    expect(quoteCell('plain')).toBe('plain');
    expect(quoteCell('a,b')).toBe('"a,b"');
    expect(quoteCell('say "hi"')).toBe('"say ""hi"""');
    expect(quoteCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(quoteCell('lf\nonly')).toBe('"lf\nonly"');
  });

  it('neutralises formulas, negative numbers and leading control characters', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-73.98)).toBe("'-73.98");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\nx')).toBe('"\'\nx"');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('ends every line, the last too, with CRLF', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          [1, 'x'],
          [null, 'y'],
        ],
      ),
    ).toBe('a,b\r\n1,x\r\n,y\r\n');
  });
});
