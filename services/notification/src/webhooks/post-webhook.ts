import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { pinnedLookup, type WebhookHeaders, type WebhookTarget } from '@risk-profile/platform';

/** A receiver answers within this, or the attempt fails (issue 46; the specification's advice). */
export const WEBHOOK_TIMEOUT_MS = 15_000;

// A receiver's answer is read only for its status; a little of it names a failure in the log.
const MAX_ANSWER_BYTES = 1024;

// Receivers at once whose connections are kept; the least recently added is closed beyond.
const MAX_AGENTS = 64;

/**
 * Keeps connections to receivers open between attempts (a TLS handshake per delivery would cost
 * more than the delivery), one pool per URL origin and set of checked addresses: a connection is
 * reused only for a target whose check found the same addresses it was made to. Every attempt is
 * still checked; an answer that changes makes a new pool.
 */
export class WebhookAgents {
  private readonly agents = new Map<string, HttpAgent>();

  for(target: WebhookTarget): HttpAgent {
    const key = `${target.url.origin} ${target.addresses.map((a) => a.address).join(',')}`;
    const known = this.agents.get(key);
    if (known) return known;
    if (this.agents.size >= MAX_AGENTS) {
      const [oldestKey, oldest] = this.agents.entries().next().value!;
      oldest.destroy();
      this.agents.delete(oldestKey);
    }
    const Agent = target.url.protocol === 'https:' ? HttpsAgent : HttpAgent;
    const agent = new Agent({
      keepAlive: true,
      // As many kept as may be open: a sender's attempts at once would otherwise close and
      // reopen connections to a busy receiver on every round.
      maxSockets: 8,
      maxFreeSockets: 8,
      lookup: pinnedLookup(target),
    });
    this.agents.set(key, agent);
    return agent;
  }

  close(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }
}

export interface PostOutcome {
  /** The HTTP status; undefined when no answer came (refused, reset, timed out). */
  status?: number;
  retryAfter?: string;
  /** Why it did not succeed, in words for the delivery log. */
  error?: string;
}

/**
 * One POST of a delivery's exact bytes to a checked target: connected through `pinnedLookup` (to
 * an address the check saw, never one DNS answers later), no redirect followed (http.request
 * follows none), no proxy, through `agent`'s kept connections to those addresses (none without
 * one), and given up after `timeoutMs`. Never throws.
 */
export function postWebhook(
  target: WebhookTarget,
  headers: WebhookHeaders,
  body: string,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
  agent?: HttpAgent,
): Promise<PostOutcome> {
  const request = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = request(target.url, {
      method: 'POST',
      lookup: pinnedLookup(target),
      agent: agent ?? false,
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'RiskProfile-Webhooks/1',
      },
    });
    // The whole attempt, connection included, not only an idle socket.
    const timer = setTimeout(() => {
      finish({ error: `no answer within ${Math.round(timeoutMs / 1000)} s` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => finish({ error: error.code ?? error.message }));
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < MAX_ANSWER_BYTES) chunks.push(chunk);
        size += chunk.length;
      });
      const done = () => {
        const ok = status >= 200 && status < 300;
        const text = Buffer.concat(chunks).toString('utf8').slice(0, 200).replace(/\s+/g, ' ').trim();
        const header = res.headers['retry-after'];
        finish({
          status,
          retryAfter: Array.isArray(header) ? header[0] : header,
          error: ok ? undefined : `HTTP ${status}${text ? `: ${text}` : ''}`,
        });
      };
      res.on('end', done);
      res.on('error', done);
      res.on('close', done);
    });
    req.end(body);
  });
}
