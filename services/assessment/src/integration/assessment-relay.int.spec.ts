import {
  ASSESSMENT_LIFECYCLE_TOPIC,
  type AssessmentLifecycleTopicEvent,
  assessmentLifecycleTopicSchema,
  assessmentSchema,
} from '@risk-profile/contracts';
import type { BusMessage } from '@risk-profile/platform';
import { describeTargets, sqlTargets } from '@risk-profile/platform/testing';
import { expect, it } from 'vitest';
import { assessmentServerSuite, waitUntil } from '../testing/assessment-test-server';
import { yesBody } from '../testing/fixtures';

describeTargets(
  sqlTargets(),
  (target) => `the assessment relay on ${target.name}`,
  (target) => {
    const received: BusMessage<AssessmentLifecycleTopicEvent>[] = [];
    const suite = assessmentServerSuite(target, { background: true, collect: received });

    const about = (id: string) => received.filter((message) => message.key === id);

    async function draftAndSign(body = yesBody()): Promise<string> {
      const drafted = await suite.server.post('/api/assessments', body, { 'x-request-id': 'req-draft' });
      const { id } = assessmentSchema.parse(await drafted.json());
      const signed = await suite.server.post(
        `/api/assessments/${id}/sign`,
        { confirmed: true },
        { 'x-request-id': 'req-sign' },
      );
      expect(signed.status).toBe(200);
      return id;
    }

    it('publishes AssessmentDrafted then AssessmentSigned on the lifecycle topic', async () => {
      const id = await draftAndSign();
      await waitUntil(() => about(id).length === 2);

      const messages = about(id);
      const stream = await suite.server.store.readStream(`assessment-${id}`);
      expect(messages.map((message) => message.id)).toEqual(stream.map((event) => event.id));
      const values = messages.map((message) => assessmentLifecycleTopicSchema.parse(message.value));
      expect(values.map((value) => [value.type, value.version])).toEqual([
        ['AssessmentDrafted', 1],
        ['AssessmentSigned', 1],
      ]);
      expect(values.map((value) => value.id)).toEqual(stream.map((event) => event.id));
      expect(values.map((value) => value.correlationId)).toEqual(['req-draft', 'req-sign']);
      expect(values[1]).toMatchObject({
        type: 'AssessmentSigned',
        data: {
          assessmentId: id,
          clientName: 'Jo Client',
          digest: (stream[1]!.data as { digest: string }).digest,
        },
      });
    });

    it('carries the link the client arrived by on both events, and none without a link', async () => {
      const linkId = '5f0c3b7e-2d4a-4c1e-9b8f-0a1b2c3d4e5f';
      const byLink = await draftAndSign(yesBody({ linkId }));
      const direct = await draftAndSign();
      await waitUntil(() => about(byLink).length === 2 && about(direct).length === 2);
      const linkIds = (id: string) =>
        about(id).map((message) => {
          const value = assessmentLifecycleTopicSchema.parse(message.value);
          return [value.type, (value.data as { linkId?: string | null }).linkId];
        });
      expect(linkIds(byLink)).toEqual([
        ['AssessmentDrafted', linkId],
        ['AssessmentSigned', linkId],
      ]);
      expect(linkIds(direct)).toEqual([
        ['AssessmentDrafted', null],
        ['AssessmentSigned', null],
      ]);
    });

    it('gives a signed event the snapshot when its draft was relayed before a restart', async () => {
      const drafted = await suite.server.post('/api/assessments', yesBody());
      const { id } = assessmentSchema.parse(await drafted.json());
      await waitUntil(() => about(id).length === 1);
      // The restarted relay has not seen the draft: it reads the stream to build the snapshot.
      await suite.server.module.stop();
      await suite.server.module.start();
      const signed = await suite.server.post(`/api/assessments/${id}/sign`, { confirmed: true });
      expect(signed.status).toBe(200);
      await waitUntil(() => about(id).length === 2);

      const value = assessmentLifecycleTopicSchema.parse(about(id)[1]!.value);
      const draft = (await suite.server.store.readStream(`assessment-${id}`))[0]!.data as Record<
        string,
        unknown
      >;
      expect(value).toMatchObject({
        type: 'AssessmentSigned',
        data: { assessmentId: id, clientName: 'Jo Client', riskScore: draft.riskScore },
      });
    });

    it('resumes from its checkpoint after a restart without publishing again', async () => {
      const first = await draftAndSign();
      await waitUntil(() => about(first).length === 2);
      await suite.server.module.stop();
      await suite.server.module.start();

      const second = await draftAndSign();
      await waitUntil(() => about(second).length === 2);
      // Read from the PostgreSQL bus log itself: consumers on other partitions may lag, the log does not.
      const { rows } = await suite.sql.query<{ key: string; published: number }>(
        'SELECT key, count(*)::int AS published FROM bus_messages WHERE topic = $1 AND key = ANY($2) GROUP BY key',
        [ASSESSMENT_LIFECYCLE_TOPIC, [first, second]],
      );
      expect(Object.fromEntries(rows.map((row) => [row.key, row.published]))).toEqual({
        [first]: 2,
        [second]: 2,
      });
    });
  },
);
