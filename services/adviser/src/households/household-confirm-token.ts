import { z } from 'zod';
import { sealedTokens } from '../links/sealed-token';

/** What a member's confirmation link names: the household, the member and the agreement. */
export interface HouseholdConfirmSubject {
  householdId: string;
  memberId: string;
  agreementId: string;
}

export type HouseholdConfirmVerification =
  | { ok: true; subject: HouseholdConfirmSubject; expiresAt: string }
  | { ok: false; reason: 'malformed' | 'tampered' | 'expired' };

export interface HouseholdConfirmTokens {
  sign(subject: HouseholdConfirmSubject): { token: string; expiresAt: string };
  verify(token: string): HouseholdConfirmVerification;
}

const payloadSchema = z.object({
  v: z.literal(1),
  h: z.uuid(),
  m: z.uuid(),
  a: z.uuid(),
  /** Expiry, in Unix seconds. */
  exp: z.int().positive(),
});

/**
 * Confirmation links are sealed like questionnaire links (sealed-token.ts), under a key derived
 * from LINK_TOKEN_SECRET for this use alone, so neither kind of token opens as the other. They
 * carry their expiry and need no storage; the household's stream says whether their agreement is
 * still the current one.
 */
export function createHouseholdConfirmTokens(
  secret: string,
  clock: () => Date,
  options: { ttlDays: number },
): HouseholdConfirmTokens {
  const tokens = sealedTokens(secret, { keyInfo: 'risk-profile household confirmation token v1', format: 1 });
  return {
    sign(subject) {
      const exp = Math.floor(clock().getTime() / 1000) + options.ttlDays * 24 * 60 * 60;
      const token = tokens.seal({
        v: 1,
        h: subject.householdId,
        m: subject.memberId,
        a: subject.agreementId,
        exp,
      } satisfies z.infer<typeof payloadSchema>);
      return { token, expiresAt: new Date(exp * 1000).toISOString() };
    },
    verify(token) {
      const opened = tokens.open(token);
      if (!opened.ok) return opened;
      const parsed = payloadSchema.safeParse(opened.payload);
      if (!parsed.success) return { ok: false, reason: 'malformed' };
      const { h, m, a, exp } = parsed.data;
      if (exp * 1000 <= clock().getTime()) return { ok: false, reason: 'expired' };
      return {
        ok: true,
        subject: { householdId: h, memberId: m, agreementId: a },
        expiresAt: new Date(exp * 1000).toISOString(),
      };
    },
  };
}
