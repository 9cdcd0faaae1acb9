/**
 * libuv's thread pool runs chDB's queries (each `queryAsync` holds one of its threads until the
 * query ends), file I/O, zlib and crypto. libuv sizes it once, from UV_THREADPOOL_SIZE as the
 * process started (setting it from JavaScript is too late: loading the entry module already used
 * the pool), and its default is four threads.
 */
const LIBUV_DEFAULT_POOL_SIZE = 4;
/** What the product's start commands and image give it: room for analysts beside the product. */
export const PRODUCT_POOL_SIZE = 16;
/** Pool threads no analyst query may hold: the product's own queries, file I/O and zlib. */
const POOL_THREADS_KEPT_FOR_THE_PRODUCT = 2;

/** The pool size libuv took from this process's environment (its own clamp: 1 to 1024). */
export function libuvPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const size = Number.parseInt(env.UV_THREADPOOL_SIZE ?? '', 10);
  if (!Number.isFinite(size) || size < 1) return LIBUV_DEFAULT_POOL_SIZE;
  return Math.min(size, 1024);
}

/**
 * How many chDB queries analysts may run at once in this process: what the configuration asks,
 * but never so many that they hold every pool thread, or the dashboard's queries and the
 * projector's inserts would wait behind a long analyst query.
 */
export function analystQuerySlots(configured: number, poolSize = libuvPoolSize()): number {
  return Math.max(1, Math.min(configured, poolSize - POOL_THREADS_KEPT_FOR_THE_PRODUCT));
}
