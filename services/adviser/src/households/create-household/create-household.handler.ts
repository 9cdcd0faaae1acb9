import { randomUUID } from 'node:crypto';
import type { CreatedHousehold, createHouseholdBodySchema } from '@risk-profile/contracts';
import type { SqlClient } from '@risk-profile/platform';
import type { z } from 'zod';
import type { AdviserRecord } from '../../advisers/adviser-repository';
import { type LinkRequestDeps, requestQuestionnaireLinks } from '../../links/send-link.handler';
import type { HouseholdCreated } from '../household.events';
import { insertHousehold } from '../household-members';
import { runHouseholdCommand } from '../household-stream';

/**
 * Sends each member their own questionnaire link, as a single link is sent (an email when the
 * member has an address, else an SMS), all within the adviser's hourly limit or none; a member
 * sitting with the adviser gets a link that is recorded but not sent, and the answer carries it.
 * Then the household is stored, naming each member's link, and written to the read model before
 * the answer, so an assessment begun at once is counted.
 */
export async function createHousehold(
  deps: LinkRequestDeps & { sql: SqlClient },
  adviser: AdviserRecord,
  body: z.output<typeof createHouseholdBodySchema>,
): Promise<CreatedHousehold> {
  const links = await requestQuestionnaireLinks(
    deps,
    adviser,
    body.members.map((member) => ({
      clientName: member.clientName,
      clientEmail: member.clientEmail,
      clientPhone: member.clientPhone,
      method: member.clientEmail ? 'email' : 'sms',
      inPerson: member.inPerson,
    })),
  );
  const householdId = randomUUID();
  const data: HouseholdCreated['data'] = {
    householdId,
    adviserSlug: adviser.slug,
    name: body.name,
    members: body.members.map((member, index) => ({
      memberId: randomUUID(),
      name: member.clientName,
      email: member.clientEmail,
      phone: member.clientPhone,
      linkId: links[index]!.linkId,
      inPerson: member.inPerson,
    })),
    createdAt: deps.now.toISOString(),
  };
  await runHouseholdCommand(
    deps.store,
    householdId,
    { type: 'CreateHousehold', data },
    { metadata: deps.metadata, newStream: true },
  );
  await deps.sql.transaction((tx) => insertHousehold(tx, data));
  return {
    id: householdId,
    members: data.members.map((member, index) => ({
      memberId: member.memberId,
      linkId: member.linkId,
      ...(member.inPerson ? { url: links[index]!.url } : {}),
    })),
  };
}
