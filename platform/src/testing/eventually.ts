/**
 * Retries `probe` until it resolves (an assertion inside it stops throwing) or `timeoutMs` has
 * passed, then rethrows its last error: for things that happen asynchronously by design (a relay,
 * a projector, a revocation cache).
 */
export async function eventually<T>(probe: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await probe();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
