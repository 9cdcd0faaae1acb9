import { describe, expect, it } from 'vitest';
import { chdbParams, unescapeClickHouse } from './param-escapes';

describe("ClickHouse's escaped param_ values on chDB", () => {
  it.each([
    ["it\\'s", "it's"],
    ['back\\\\slash', 'back\\slash'],
    ['tab\\there\\nnext', 'tab\there\nnext'],
    ['\\x41\\xC3\\xA9', 'Aé'],
    ['a\\Nb', 'ab'],
    ['\\0\\a\\b\\e\\f\\r\\v', '\0\x07\b\x1b\f\r\v'],
    ['trailing\\', 'trailing\\'],
    ['\\xZZ', 'xZZ'],
    ['plain é', 'plain é'],
  ])('reads %j as %j', (escaped, text) => {
    expect(unescapeClickHouse(escaped)).toBe(text);
  });

  it('unescapes the parameters declared as strings, and reads \\N as NULL for a Nullable', () => {
    const sql =
      'SELECT {s:String}, {l:LowCardinality(Nullable(String))}, {f:FixedString(4)}, {n:Nullable(UInt8)}, {a:Array(String)}, {d:Date}';
    expect(
      chdbParams(sql, {
        s: "it\\'s",
        l: '\\N',
        f: 'a\\tb',
        n: '\\N',
        a: "['x\\\\y']",
        d: '2026-01-01',
        unused: 'x\\ty',
      }),
    ).toEqual({ s: "it's", l: null, f: 'a\tb', n: null, a: "['x\\\\y']", d: '2026-01-01', unused: 'x\\ty' });
  });
});
