import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_SEND_DELAY_MS, SEND_INTERVAL_MS, type SendSchedule, sendSchedule } from './send-schedule';

describe('sendSchedule', () => {
  let sends: number;
  let schedule: SendSchedule;
  beforeEach(() => {
    vi.useFakeTimers();
    sends = 0;
    schedule = sendSchedule(() => {
      sends++;
      schedule.sent();
    });
  });
  afterEach(() => {
    schedule.stop();
    vi.useRealTimers();
  });

  it('sends every SEND_INTERVAL_MS', () => {
    vi.advanceTimersByTime(SEND_INTERVAL_MS - 1);
    expect(sends).toBe(0);
    vi.advanceTimersByTime(1);
    expect(sends).toBe(1);
    vi.advanceTimersByTime(SEND_INTERVAL_MS);
    expect(sends).toBe(2);
  });

  it('sends ANSWER_SEND_DELAY_MS after an answer, well inside the dashboard’s 2 s', () => {
    expect(ANSWER_SEND_DELAY_MS).toBeLessThanOrEqual(500);
    schedule.answered();
    vi.advanceTimersByTime(ANSWER_SEND_DELAY_MS - 1);
    expect(sends).toBe(0);
    vi.advanceTimersByTime(1);
    expect(sends).toBe(1);
  });

  it('sends answers given in quick succession once', () => {
    schedule.answered();
    vi.advanceTimersByTime(ANSWER_SEND_DELAY_MS / 2);
    schedule.answered();
    vi.advanceTimersByTime(ANSWER_SEND_DELAY_MS / 2);
    expect(sends).toBe(1);
    vi.advanceTimersByTime(ANSWER_SEND_DELAY_MS);
    expect(sends).toBe(1);
  });

  it('owes nothing once the queue was sent another way (the page going away)', () => {
    schedule.answered();
    schedule.sent();
    vi.advanceTimersByTime(ANSWER_SEND_DELAY_MS);
    expect(sends).toBe(0);
  });

  it('owes nothing once the interval sent the queue, and nothing after stop', () => {
    vi.advanceTimersByTime(SEND_INTERVAL_MS - ANSWER_SEND_DELAY_MS / 2);
    schedule.answered();
    vi.advanceTimersByTime(ANSWER_SEND_DELAY_MS / 2);
    expect(sends).toBe(1); // the interval, carrying the answer
    schedule.stop();
    vi.advanceTimersByTime(SEND_INTERVAL_MS * 2);
    expect(sends).toBe(1);
  });

  it('sends nothing after stop', () => {
    schedule.answered();
    schedule.stop();
    vi.advanceTimersByTime(SEND_INTERVAL_MS * 2);
    expect(sends).toBe(0);
  });
});
