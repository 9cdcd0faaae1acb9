/** node-postgres's parameter preparation (`pg/lib/utils`, exported by its package but untyped). */
declare module 'pg/lib/utils.js' {
  const utils: {
    /** A value as node-postgres sends it: text, a Buffer (binary) or null. */
    prepareValue(value: unknown): string | Buffer | null;
  };
  export default utils;
}
