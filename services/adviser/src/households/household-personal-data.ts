import { replaceName } from '@risk-profile/contracts';
import { open, type Sealed, seal } from '@risk-profile/platform';
import type { HouseholdEvent } from './household.events';

/*
 * Which parts of a stored household event are a member's personal data, and how they are sealed
 * under that member's own data key (ADR 0028), so erasing one member (deleting their key) leaves
 * the household's events readable with that member alone gone. Pure: the keys come in.
 */

type HouseholdEventType = HouseholdEvent['type'];
type MemberField = 'name' | 'email' | 'phone' | 'signatureName';

/** The member fields each event carries, in `members[]` or, for one member's event, at the top. */
const MEMBER_FIELDS: Record<HouseholdEventType, readonly MemberField[]> = {
  HouseholdCreated: ['name', 'email', 'phone'],
  HouseholdProfileAgreed: ['name', 'email', 'phone'],
  HouseholdMemberConfirmed: ['signatureName'],
  HouseholdConfirmed: ['name', 'email', 'phone', 'signatureName'],
};

/** The stored type of a sealed event: a new stored shape, so the plain one never changes. */
export const SEALED_TYPE = {
  HouseholdCreated: 'HouseholdCreatedSealed',
  HouseholdProfileAgreed: 'HouseholdProfileAgreedSealed',
  HouseholdMemberConfirmed: 'HouseholdMemberConfirmedSealed',
  HouseholdConfirmed: 'HouseholdConfirmedSealed',
} as const satisfies Record<HouseholdEventType, string>;

const PLAIN_TYPE = Object.fromEntries(
  Object.entries(SEALED_TYPE).map(([plain, sealed]) => [sealed, plain]),
) as Record<string, HouseholdEventType | undefined>;

export const isSealableType = (type: string): type is HouseholdEventType => type in SEALED_TYPE;
export const plainTypeOfSealed = (type: string): HouseholdEventType | undefined => PLAIN_TYPE[type];

/** What an erased member's name and signature read as; their email and phone read as null. */
export const ERASED = '[erased]';
/** What an erased member's name becomes where the household's texts quoted it. */
export const ERASED_MEMBER = '[erased member]';

/** Where a member's name stood in a household text; filled again on reading. */
const placeholder = (memberId: string) => `{{member:${memberId}}}`;
const PLACEHOLDER = /\{\{member:([0-9a-f-]{36})\}\}/gi;

type Data = Record<string, unknown>;
type Values = Partial<Record<MemberField, unknown>>;

/** The members an event names, by id: every member of `members[]`, or the one it is about. */
export function memberIdsOf(data: Data): string[] {
  if (Array.isArray(data.members)) return (data.members as Data[]).map((m) => String(m.memberId));
  return typeof data.memberId === 'string' ? [data.memberId] : [];
}

const aad = (streamId: string, type: HouseholdEventType, memberId: string) =>
  `${streamId}/${type}/${memberId}`;

/** The texts of a household event that may quote its members' names (the adviser's, the rules'). */
function mapTexts(data: Data, map: (text: string) => string): Data {
  const out: Data = { ...data };
  if (typeof out.name === 'string') out.name = map(out.name);
  if (out.agreed && typeof out.agreed === 'object') {
    const agreed = out.agreed as Data;
    out.agreed = typeof agreed.reason === 'string' ? { ...agreed, reason: map(agreed.reason) } : agreed;
  }
  if (Array.isArray(out.flags)) {
    out.flags = (out.flags as Data[]).map((flag) =>
      typeof flag.message === 'string' ? { ...flag, message: map(flag.message) } : flag,
    );
  }
  return out;
}

function pick(entry: Data, fields: readonly MemberField[]): { values: Values; rest: Data } {
  const values: Values = {};
  const rest: Data = {};
  for (const [field, value] of Object.entries(entry)) {
    if ((fields as readonly string[]).includes(field)) values[field as MemberField] = value;
    else rest[field] = value;
  }
  return { values, rest };
}

/**
 * The stored shape of a household event: each member's fields sealed under their key, and their
 * name, wherever the household's texts quote it, replaced by a placeholder. A member without a
 * key (erased before this event) is stored as erased: nothing of theirs is written.
 */
export function sealHouseholdEvent(
  streamId: string,
  type: HouseholdEventType,
  data: Data,
  keys: ReadonlyMap<string, Buffer>,
): { type: string; data: Data } {
  const fields = MEMBER_FIELDS[type];
  const personal = new Map<string, Values>();
  let stripped: Data;
  if (Array.isArray(data.members)) {
    const members = (data.members as Data[]).map((member) => {
      const { values, rest } = pick(member, fields);
      personal.set(String(member.memberId), values);
      return rest;
    });
    stripped = { ...data, members };
  } else {
    const { values, rest } = pick(data, fields);
    personal.set(String(data.memberId), values);
    stripped = rest;
  }
  // Longest first, so a name inside another member's longer name is not replaced in it.
  const names = [...personal]
    .map(([memberId, values]) => ({
      memberId,
      name: typeof values.name === 'string' ? values.name.trim() : '',
    }))
    .filter((member) => member.name !== '')
    .sort((a, b) => b.name.length - a.name.length);
  const templated = mapTexts(stripped, (text) =>
    names.reduce((out, member) => replaceName(out, member.name, placeholder(member.memberId)), text),
  );
  const sealed: Record<string, Sealed> = {};
  for (const [memberId, values] of personal) {
    const key = keys.get(memberId);
    if (key === undefined) continue;
    sealed[memberId] = seal(key, Buffer.from(JSON.stringify(values), 'utf8'), aad(streamId, type, memberId));
  }
  return { type: SEALED_TYPE[type], data: { ...templated, sealed } };
}

function erasedValues(fields: readonly MemberField[]): Values {
  const values: Values = {};
  for (const field of fields) values[field] = field === 'email' || field === 'phone' ? null : ERASED;
  return values;
}

/**
 * The plain data of a stored sealed event: each member's fields opened with their key, or read
 * as erased when the key is gone. A key that is present but does not open its value throws: that
 * is corruption (a wrong master key, a changed byte), not erasure.
 */
export function openHouseholdEvent(
  streamId: string,
  type: HouseholdEventType,
  stored: Data,
  keys: ReadonlyMap<string, Buffer>,
): Data {
  const fields = MEMBER_FIELDS[type];
  const { sealed = {}, ...data } = stored as Data & { sealed?: Record<string, Sealed> };
  const personal = new Map<string, Values>();
  const names = new Map<string, string>();
  for (const memberId of memberIdsOf(data)) {
    const key = keys.get(memberId);
    const value = sealed[memberId];
    if (key === undefined || value === undefined) {
      personal.set(memberId, erasedValues(fields));
      continue;
    }
    const values = JSON.parse(open(key, value, aad(streamId, type, memberId)).toString('utf8')) as Values;
    personal.set(memberId, values);
    if (typeof values.name === 'string') names.set(memberId, values.name.trim());
  }
  const filled = mapTexts(data, (text) =>
    text.replace(PLACEHOLDER, (_, memberId: string) => names.get(memberId) ?? ERASED_MEMBER),
  );
  if (Array.isArray(filled.members)) {
    return {
      ...filled,
      members: (filled.members as Data[]).map((member) => ({
        ...member,
        ...personal.get(String(member.memberId)),
      })),
    };
  }
  return { ...filled, ...personal.get(String(filled.memberId)) };
}
