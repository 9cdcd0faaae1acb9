/**
 * `param_<name>` values arrive as ClickHouse's HTTP interface sends them: text in ClickHouse's
 * escaped (TSV) form, which a server unescapes when it binds a String (`it\'s` is `it's`, `\N` a
 * NULL). chDB's binder takes the value itself and escapes it again, so on chDB the escapes are
 * undone here first, for the parameters the query declares as strings (and `\N` for any
 * Nullable), to bind what a server would.
 */

/** ClickHouse's one-character escapes (readEscapedString); any other escaped character stands for itself. */
const ESCAPES: Record<string, number> = {
  a: 0x07,
  b: 0x08,
  e: 0x1b,
  f: 0x0c,
  n: 0x0a,
  r: 0x0d,
  t: 0x09,
  v: 0x0b,
  '0': 0x00,
};

const HEX = /^[0-9A-Fa-f]{2}$/;
const BACKSLASH = 0x5c;

/** A value in ClickHouse's escaped form as the text it stands for (`\xHH` is a byte, `\N` nothing). */
export function unescapeClickHouse(value: string): string {
  if (!value.includes('\\')) return value;
  const bytes = Buffer.from(value, 'utf8');
  const out = Buffer.alloc(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte !== BACKSLASH || i + 1 === bytes.length) {
      out[n++] = byte;
      continue;
    }
    const next = String.fromCharCode(bytes[++i]!);
    const hex = bytes.subarray(i + 1, i + 3).toString('latin1');
    if (next === 'x' && HEX.test(hex)) {
      out[n++] = Number.parseInt(hex, 16);
      i += 2;
    } else if (next === 'N') {
      // As ClickHouse: `\N` inside a string is nothing (alone, for a Nullable, it is NULL).
    } else {
      out[n++] = ESCAPES[next] ?? bytes[i]!;
    }
  }
  return out.subarray(0, n).toString('utf8');
}

/** Each `{name:Type}` of a query: the type its first placeholder declares. */
function declaredTypes(sql: string): Map<string, string> {
  const types = new Map<string, string>();
  for (const match of sql.matchAll(/\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*:\s*([^}]+)\}/g)) {
    if (!types.has(match[1]!)) types.set(match[1]!, match[2]!.trim());
  }
  return types;
}

const STRING_TYPE = /^(Nullable\(|LowCardinality\()*(String|FixedString\(\d+\))\)*$/;

/** The `param_` values of the HTTP interface as chDB's binder takes them (null: NULL). */
export function chdbParams(sql: string, params: Record<string, string>): Record<string, string | null> {
  const types = declaredTypes(sql);
  const bound: Record<string, string | null> = {};
  for (const [name, value] of Object.entries(params)) {
    const type = types.get(name) ?? '';
    if (value === '\\N' && /^(LowCardinality\()?Nullable\(/.test(type)) bound[name] = null;
    else bound[name] = STRING_TYPE.test(type) ? unescapeClickHouse(value) : value;
  }
  return bound;
}
