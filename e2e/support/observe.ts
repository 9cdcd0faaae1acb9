import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readAssessmentEvents } from '@risk-profile/assessment/testing';
import type { BusMessage, StoredEvent } from '@risk-profile/platform';
import type { TestSystem } from './system';

/**
 * The stored events of one assessment, as the assessment service reads them: their personal
 * fields opened with the data-encryption key the start generated into DATA_DIR.
 */
export function assessmentEvents(system: TestSystem, assessmentId: string): Promise<StoredEvent[]> {
  const secrets = JSON.parse(readFileSync(join(system.dataDir, 'secrets.json'), 'utf8')) as {
    DATA_ENCRYPTION_KEY: string;
  };
  return readAssessmentEvents(system.platform, secrets.DATA_ENCRYPTION_KEY, assessmentId);
}

export interface TopicRecorder {
  readonly messages: readonly BusMessage[];
  stop(): Promise<void>;
}

/**
 * Everything published to `topic`, seen by a consumer group of its own (from the beginning), so
 * the test observes the bus exactly as another service would without taking anyone's messages.
 */
export async function recordTopic(system: TestSystem, topic: string): Promise<TopicRecorder> {
  const messages: BusMessage[] = [];
  const subscription = await system.platform.bus.subscribe({
    groupId: `e2e-observer-${randomUUID()}`,
    topics: [topic],
    fromBeginning: true,
    handler: async (message) => {
      messages.push(message);
    },
  });
  return { messages, stop: () => subscription.stop() };
}
