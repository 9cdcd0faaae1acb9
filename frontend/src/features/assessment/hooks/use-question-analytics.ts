import {
  type AnswerScore,
  MAX_QUESTION_EVENT_BATCH,
  type ResponseKey,
  type Responses,
} from '@risk-profile/contracts';
import { type RefObject, useCallback, useEffect, useMemo, useRef } from 'react';
import { recordQuestionEvents } from '../api/record-question-events';
import { currentDeviceType } from '../model/device-type';
import {
  createTracker,
  recordAnswer,
  recordView,
  seedAnswered,
  type TrackerState,
  takePending,
} from '../model/question-tracker';
import { type SendSchedule, sendSchedule } from '../model/send-schedule';
import { analyticsSessionId, rotateAnalyticsSessionId } from '../storage/analytics-session';

export interface QuestionAnalytics {
  sessionId: () => string;
  deviceType: () => ReturnType<typeof currentDeviceType>;
  viewed: (id: ResponseKey) => void;
  answered: (id: ResponseKey, score: AnswerScore) => void;
  /** Treats answers restored from saved progress as already seen. */
  seed: (responses: Responses) => void;
  flush: (unloading?: boolean) => void;
  /** Sends what is queued and starts a new session, for a new assessment in the same tab. */
  restart: () => void;
}

function ensureTracker(ref: RefObject<TrackerState | null>): TrackerState {
  ref.current ??= createTracker(analyticsSessionId(), currentDeviceType());
  return ref.current;
}

/**
 * Batches question views and answers and sends them every few seconds, soon after an answer (so an
 * open admin dashboard shows it within 2 s) and when the page goes away (sendSchedule).
 */
export function useQuestionAnalytics(): QuestionAnalytics {
  const tracker = useRef<TrackerState | null>(null);
  const schedule = useRef<SendSchedule | null>(null);

  const flush = useCallback((unloading = false) => {
    schedule.current?.sent();
    if (!tracker.current) return;
    const [events, next] = takePending(tracker.current);
    tracker.current = next;
    for (let start = 0; start < events.length; start += MAX_QUESTION_EVENT_BATCH) {
      void recordQuestionEvents(events.slice(start, start + MAX_QUESTION_EVENT_BATCH), unloading);
    }
  }, []);

  useEffect(() => {
    const sends = sendSchedule(() => flush());
    schedule.current = sends;
    const onPageHide = () => flush(true);
    const onVisibility = () => {
      // Mobile browsers often skip pagehide when a backgrounded tab is discarded.
      if (document.visibilityState === 'hidden') flush(true);
    };
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      sends.stop();
      schedule.current = null;
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibility);
      flush();
    };
  }, [flush]);

  return useMemo<QuestionAnalytics>(
    () => ({
      sessionId: () => ensureTracker(tracker).sessionId,
      deviceType: () => ensureTracker(tracker).deviceType,
      viewed: (id) => {
        tracker.current = recordView(ensureTracker(tracker), id, Date.now());
      },
      answered: (id, score) => {
        const before = ensureTracker(tracker);
        tracker.current = recordAnswer(before, id, score, Date.now());
        if (tracker.current !== before) schedule.current?.answered();
      },
      seed: (responses) => {
        tracker.current = seedAnswered(ensureTracker(tracker), responses, Date.now());
      },
      flush,
      restart: () => {
        flush();
        tracker.current = createTracker(rotateAnalyticsSessionId(), currentDeviceType());
      },
    }),
    [flush],
  );
}
