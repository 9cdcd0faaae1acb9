/**
 * libuv's thread pool runs the product's chDB queries (each holds one of its threads until the
 * query ends), file I/O, zlib and crypto; analysts' queries run in a process of their own. libuv sizes it once, from UV_THREADPOOL_SIZE as the
 * process started (setting it from JavaScript is too late: loading the entry module already used
 * the pool), and its default is four threads.
 */
const LIBUV_DEFAULT_POOL_SIZE = 4;
/** What the product's start commands and image give it: the dashboard's and the projector's queries never wait for a thread. */
export const PRODUCT_POOL_SIZE = 16;
/** The pool size libuv took from this process's environment (its own clamp: 1 to 1024). */
export function libuvPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const size = Number.parseInt(env.UV_THREADPOOL_SIZE ?? '', 10);
  if (!Number.isFinite(size) || size < 1) return LIBUV_DEFAULT_POOL_SIZE;
  return Math.min(size, 1024);
}
