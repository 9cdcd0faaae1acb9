import { ConcurrencyConflictError } from './command-handler';

/**
 * Runs `command` again while it loses a race for its stream. Each attempt reads the stream anew,
 * so it decides on the winner's events; only a burst of `retries` concurrent writers to one
 * stream could exhaust it. The short random pause spreads the racers apart.
 */
export async function retryOnConflict<T>(command: () => Promise<T>, retries = 50): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await command();
    } catch (error) {
      if (!(error instanceof ConcurrencyConflictError) || attempt > retries) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}
