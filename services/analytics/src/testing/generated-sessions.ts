import { randomUUID } from 'node:crypto';
import type {
  AssessmentDraftedV1,
  AssessmentSignedV1,
  DeviceType,
  QuestionEvent,
} from '@risk-profile/contracts';

/** Small deterministic PRNG (mulberry32), so a failing run can be replayed from its seed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GeneratedSession {
  sessionId: string;
  deviceType: DeviceType;
  events: QuestionEvent[];
  drafted: AssessmentDraftedV1 | null;
  signed: AssessmentSignedV1 | null;
}

const DEVICES: readonly DeviceType[] = ['desktop', 'mobile', 'tablet'];

/** A UUIDv7, the page's session id, for the time `ms`, its other digits from `hex` (19 or more). */
export function uuidV7At(ms: number, hex: string): string {
  const time = ms.toString(16).padStart(12, '0');
  const variant = (8 | (Number.parseInt(hex[3]!, 16) & 3)).toString(16);
  return `${time.slice(0, 8)}-${time.slice(8)}-7${hex.slice(0, 3)}-${variant}${hex.slice(4, 7)}-${hex.slice(7, 19)}`;
}
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Sessions spread over the 40 days before `now`: each views questions in order and stops at a
 * random one (sometimes leaving it unanswered), changes some answers, and the ones that answer
 * all 18 usually draft and sign an assessment.
 */
export function generateSessions(count: number, now: number, seed = 7): GeneratedSession[] {
  const rand = seeded(seed);
  const sessions: GeneratedSession[] = [];
  for (let s = 0; s < count; s++) {
    const deviceType = DEVICES[Math.floor(rand() * DEVICES.length)]!;
    // Some sessions end within the last 30 minutes, so "active" (not yet abandoned) occurs.
    const start =
      rand() < 0.1
        ? now - Math.floor(rand() * 20 * 60_000) - 60_000
        : now - Math.floor(rand() * 40 * 86_400_000);
    // The page's ids are UUIDv7 made when the session began; one in ten has another form (the
    // page's random UUIDs before that, or any text the contract takes), which sorts apart.
    const sessionId =
      rand() < 0.1
        ? `gen-${seed}-${s}`
        : uuidV7At(start, Array.from({ length: 19 }, () => Math.floor(rand() * 16).toString(16)).join(''));
    const reached = 1 + Math.floor(rand() * 22); // above 18: answered everything
    const events: QuestionEvent[] = [];
    let t = start;
    let answeredAll = true;
    for (let q = 1; q <= Math.min(18, reached); q++) {
      const viewedAt = t;
      const view: QuestionEvent = {
        sessionId,
        questionId: `q${q}` as QuestionEvent['questionId'],
        questionViewedAt: iso(viewedAt),
        questionAnsweredAt: null,
        timeSpent: 0,
        answerChanges: 0,
        finalAnswer: null,
        deviceType,
      };
      events.push(view);
      const leaves = q === reached && rand() < 0.7;
      if (leaves) {
        answeredAll = false;
        break;
      }
      const timeSpent = 1_000 + Math.floor(rand() * (q % 5 === 0 ? 60_000 : 20_000));
      const answerChanges = rand() < 0.25 ? 1 + Math.floor(rand() * 3) : 0;
      events.push({
        ...view,
        questionAnsweredAt: iso(viewedAt + timeSpent),
        timeSpent,
        answerChanges,
        finalAnswer: 1 + Math.floor(rand() * 5),
      });
      t = viewedAt + timeSpent + 500;
    }
    if (reached < 18) answeredAll = false;
    let drafted: AssessmentDraftedV1 | null = null;
    let signed: AssessmentSignedV1 | null = null;
    if (answeredAll && rand() < 0.85) {
      const assessmentId = randomUUID();
      const createdAt = t + 5_000;
      const base = {
        assessmentId,
        clientName: `Client ${s}`,
        clientEmail: `client${s}@example.com`,
        clientPhone: null,
        adviserSlug: rand() < 0.5 ? 'demo-adviser' : null,
        // Every third came by a questionnaire link (not drawn from rand: the other draws stay).
        linkId: s % 3 === 0 ? `link-${seed}-${s}` : null,
        riskScore: 36,
        riskGroup: 3 as const,
        originalProfile: 'Balanced' as const,
        selectedProfile: 'Balanced' as const,
        profileChanged: false,
        sessionId,
        deviceType,
        createdAt: iso(createdAt),
      };
      drafted = envelope('AssessmentDrafted', createdAt, base) as AssessmentDraftedV1;
      if (rand() < 0.8) {
        const signedAt = createdAt + 20_000 + Math.floor(rand() * 60_000);
        signed = envelope('AssessmentSigned', signedAt, {
          ...base,
          // Every fourth session needs the money within 3 years: Balanced then goes beyond its
          // horizon, a capacity warning.
          responses: Object.fromEntries(
            Array.from({ length: 18 }, (_, i) => [`q${i + 1}`, i === 12 && s % 4 === 0 ? 1 : 3]),
          ),
          percentile: 30,
          profileChangeReason: null,
          consistencyWarnings: [],
          investmentExclusions: '',
          investmentPreferences: '',
          signedAt: iso(signedAt),
          ipAddress: '203.0.113.7',
          userAgent: 'test',
          digest: 'ab'.repeat(32),
        }) as AssessmentSignedV1;
      }
    }
    sessions.push({ sessionId, deviceType, events, drafted, signed });
  }
  return sessions;
}

function envelope(type: string, at: number, data: object) {
  return {
    id: randomUUID(),
    type,
    version: 1,
    occurredAt: iso(at),
    correlationId: 'generated',
    causationId: null,
    data,
  };
}
