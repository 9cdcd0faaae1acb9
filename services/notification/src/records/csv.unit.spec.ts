import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv';

describe('CSV cells', () => {
  it('writes plain text and numbers as they are, null as empty', () => {
    expect(csvRow(['Jane Citizen', 36, null, undefined, true])).toBe('Jane Citizen,36,,,true\r\n');
  });

  it('quotes fields with commas, quotes and line breaks, doubling the quotes (RFC 4180)', () => {
    expect(csvCell('Citizen, Jane')).toBe('"Citizen, Jane"');
    expect(csvCell('Jane "JC" Citizen')).toBe('"Jane ""JC"" Citizen"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it.each([
    ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
    ['+61 412 345 678', "'+61 412 345 678"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
  ])('never lets %j become a formula', (text, written) => {
    expect(csvCell(text)).toBe(written);
  });

  it('leaves numbers it writes itself alone, even negative ones', () => {
    expect(csvCell(-3)).toBe('-3');
  });
});
