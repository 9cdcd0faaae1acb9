import { randomUUID } from 'node:crypto';
import {
  type AnalyticsSummary,
  ASSESSMENT_LIFECYCLE_TOPIC,
  ENDPOINT_ROUTES,
  HOUSEHOLDS_TOPIC,
  type HouseholdCreatedV1,
  type IntegrationEvent,
  integrationEventKey,
  type RecentAssessments,
} from '@risk-profile/contracts';
import { deadLetterTopic } from '@risk-profile/platform';
import { eventually, type ServiceUnderTest, startServiceUnderTest } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsConfigSchema } from './config';
import { createAnalyticsService } from './index';
import { embeddedStores } from './testing/embedded-stores';
import { generateSessions } from './testing/generated-sessions';
import { TestSessionVerifier } from './testing/test-session-verifier';

/*
 * What the lifecycle and households topics make of the dashboard, through the bus and the
 * projector to the admin endpoints (analytics-service.int.spec.ts has the ingest, the projector's
 * batching and restarts, and the endpoints' access).
 */

const NOW = new Date('2026-11-22T12:00:00.000Z');

const sessions = new TestSessionVerifier();
const ADMIN = sessions.grant('admin', { role: 'admin' });

describe('analytics projection of lifecycle and household events (chDB, PGlite)', () => {
  const stores = embeddedStores('analytics-projection-');
  const config = analyticsConfigSchema.parse({ DATA_DIR: stores.dir, ANALYTICS_FLUSH_INTERVAL_MS: '100' });
  let server: ServiceUnderTest;

  beforeAll(async () => {
    server = await startServiceUnderTest(
      stores.sql,
      (deps) => createAnalyticsService(deps, { sessions, config, store: stores.store }),
      { background: true, clock: () => NOW },
    );
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe('capacity and erasure from the lifecycle events', () => {
    const adviser = 'capacity-adviser';
    const lifecycle = (events: IntegrationEvent[]) =>
      server.bus.publish(
        ASSESSMENT_LIFECYCLE_TOPIC,
        events.map((e) => ({ id: e.id, key: integrationEventKey(e), value: e })),
      );
    const read = async <T>(path: string): Promise<T> => {
      const res = await fetch(`${server.url}${path}?period=all&adviser=${adviser}`, {
        headers: { cookie: ADMIN },
      });
      expect(res.status).toBe(200);
      return (await res.json()) as T;
    };

    it('counts the signed assessments with a capacity warning, and forgets an erased client in the recent list', async () => {
      // Signed sessions, one needing the money within 3 years (a warning for Balanced), one not.
      const signed = generateSessions(60, NOW.getTime()).filter((s) => s.signed);
      const pair = [
        signed.find((s) => s.signed!.data.responses.q13 === 1)!,
        signed.find((s) => s.signed!.data.responses.q13 === 3)!,
      ];
      const ofAdviser = <E extends { data: object }>(e: E): E => ({
        ...e,
        data: { ...e.data, adviserSlug: adviser },
      });
      const [warned, fits] = pair.map((s) => ({
        drafted: ofAdviser(s.drafted!),
        signed: ofAdviser(s.signed!),
      }));
      await lifecycle([warned!.drafted, warned!.signed, fits!.drafted, fits!.signed] as IntegrationEvent[]);
      await eventually(async () => {
        expect((await read<AnalyticsSummary>(ENDPOINT_ROUTES.analyticsSummary.path)).signedAssessments).toBe(
          2,
        );
      });
      expect((await read<AnalyticsSummary>(ENDPOINT_ROUTES.analyticsSummary.path)).capacityWarningShare).toBe(
        50,
      );

      const erasedId = warned!.signed.data.assessmentId;
      const at = NOW.toISOString();
      const envelope = { version: 1 as const, occurredAt: at, correlationId: 'erase', causationId: null };
      await lifecycle([
        {
          ...envelope,
          id: randomUUID(),
          type: 'AssessmentErased',
          data: {
            assessmentId: erasedId,
            reason: 'request',
            linkId: null,
            adviserSlug: adviser,
            erasedAt: at,
          },
        },
        {
          ...envelope,
          id: randomUUID(),
          type: 'AssessmentProcessingRestricted',
          data: { assessmentId: fits!.signed.data.assessmentId, restrictedAt: at, retainedUntil: at },
        },
      ]);
      await eventually(async () => {
        const recent = await read<RecentAssessments>(ENDPOINT_ROUTES.recentAssessments.path);
        expect(recent.map((r) => r.id)).toEqual([fits!.signed.data.assessmentId]);
      });
      const { rows } = await stores.sql.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM analytics_recent_assessments WHERE client_name = $1',
        [warned!.signed.data.clientName],
      );
      expect(rows[0]!.n).toBe(0);
      // ClickHouse holds nothing personal: the erased assessment still counts, by its flag only.
      expect((await read<AnalyticsSummary>(ENDPOINT_ROUTES.analyticsSummary.path)).capacityWarningShare).toBe(
        50,
      );
    });
  });

  describe('households from the households topic', () => {
    const adviser = 'household-adviser';
    const summary = async (): Promise<AnalyticsSummary> => {
      const res = await fetch(
        `${server.url}${ENDPOINT_ROUTES.analyticsSummary.path}?period=all&adviser=${adviser}`,
        { headers: { cookie: ADMIN } },
      );
      expect(res.status).toBe(200);
      return (await res.json()) as AnalyticsSummary;
    };

    it('counts the assessments made by household members’ links, the household arriving after their drafts, once however often it is delivered', async () => {
      // Two members of one household, a client by an ordinary link and one by none.
      const links = ['member-link-1', 'member-link-2', 'plain-link', null];
      const clients = generateSessions(60, NOW.getTime(), 3)
        .filter((s) => s.signed)
        .slice(0, links.length)
        .map((s, i) => {
          const data = { adviserSlug: adviser, linkId: links[i] };
          return {
            drafted: { ...s.drafted!, data: { ...s.drafted!.data, ...data } },
            signed: { ...s.signed!, data: { ...s.signed!.data, ...data } },
          };
        });
      const lifecycle = (events: IntegrationEvent[]) =>
        server.bus.publish(
          ASSESSMENT_LIFECYCLE_TOPIC,
          events.map((e) => ({ id: e.id, key: integrationEventKey(e), value: e })),
        );
      await lifecycle(clients.map((c) => c.drafted));
      await eventually(async () => expect((await summary()).totalAssessments).toBe(4));
      expect((await summary()).householdShare).toBe(0);

      const householdId = randomUUID();
      const envelope = {
        version: 1 as const,
        occurredAt: NOW.toISOString(),
        correlationId: 'household',
        causationId: null,
      };
      const created: HouseholdCreatedV1 = {
        ...envelope,
        id: randomUUID(),
        type: 'HouseholdCreated',
        data: {
          householdId,
          adviserSlug: adviser,
          name: 'The Example Household',
          members: [
            { name: 'Alex Example', email: 'alex@example.com', phone: null, linkId: links[0]! },
            { name: 'Sam Example', email: null, phone: '+61 400 000 000', linkId: links[1]! },
          ].map((m) => ({ ...m, memberId: randomUUID(), inPerson: false })),
          createdAt: NOW.toISOString(),
        },
      };
      // A type added to the topic later and one this projector has no use for are skipped; in one
      // partition before the household, so the household counting shows they did not stop it.
      const later = { ...envelope, id: randomUUID(), type: 'HouseholdRenamed', data: {} };
      const confirmed = {
        ...envelope,
        id: randomUUID(),
        type: 'HouseholdMemberConfirmed',
        data: {
          householdId,
          memberId: created.data.members[0]!.memberId,
          signatureName: 'Alex Example',
          confirmedAt: NOW.toISOString(),
        },
      };
      await server.bus.publish(
        HOUSEHOLDS_TOPIC,
        [later, confirmed, created, created].map((e) => ({ id: e.id, key: householdId, value: e })),
      );
      await eventually(async () => expect((await summary()).householdShare).toBe(50));
      const parked = await stores.sql.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM bus_messages WHERE topic = $1',
        [deadLetterTopic(HOUSEHOLDS_TOPIC)],
      );
      expect(parked.rows[0]!.n).toBe(0);

      // Signing keeps the link: the signed row replaces the draft.
      await lifecycle([clients[0]!.signed]);
      await eventually(async () => expect((await summary()).signedAssessments).toBe(1));
      expect((await summary()).householdShare).toBe(50);

      // Ids only in ClickHouse, one row per link.
      const rows = await stores.store.select<Record<string, unknown>>(
        'SELECT * FROM {db}.household_links FINAL WHERE household_id = {h:UUID} ORDER BY link_id',
        { h: householdId },
      );
      expect(rows.map((r) => r.link_id)).toEqual([links[0], links[1]]);
      const stored = JSON.stringify(rows);
      for (const personal of ['Example', 'alex@example.com', '+61 400 000 000']) {
        expect(stored).not.toContain(personal);
      }
    });
  });
});
