/** Question events queued on the page are sent at least this often. */
export const SEND_INTERVAL_MS = 5_000;
/**
 * An answer is sent this soon after it is given: an open admin dashboard shows an answer within
 * 2 s of it (docs/product-rules.md), and the server's part (ingest, the projector's flush, the
 * dashboard's refresh) needs some of that. A change of mind within this time replaces the queued
 * answer rather than sending two.
 */
export const ANSWER_SEND_DELAY_MS = 300;

export interface SendSchedule {
  /** An answer was queued: the queue goes out within ANSWER_SEND_DELAY_MS. */
  answered(): void;
  /** The queue was sent (by the schedule or by the page): nothing is due until the next answer. */
  sent(): void;
  stop(): void;
}

/**
 * When the page sends its queued question events: every SEND_INTERVAL_MS, and soon after an
 * answer. A view alone waits for the next send (at most SEND_INTERVAL_MS, or until the page goes
 * away, when the page sends its queue itself), so a client paging through questions costs a request
 * every few seconds rather than one a view. `send` empties the queue.
 */
export function sendSchedule(send: () => void): SendSchedule {
  let answerTimer: ReturnType<typeof setTimeout> | undefined;
  const sendNow = () => {
    // Either timer sends everything queued: the other answer timer, if any, is owed nothing.
    clearTimeout(answerTimer);
    answerTimer = undefined;
    send();
  };
  const interval = setInterval(sendNow, SEND_INTERVAL_MS);
  return {
    answered() {
      answerTimer ??= setTimeout(sendNow, ANSWER_SEND_DELAY_MS);
    },
    sent() {
      clearTimeout(answerTimer);
      answerTimer = undefined;
    },
    stop() {
      clearTimeout(answerTimer);
      clearInterval(interval);
    },
  };
}
