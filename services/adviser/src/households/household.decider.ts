import type { Decider } from '@risk-profile/platform';
import type {
  HouseholdConfirmed,
  HouseholdCreated,
  HouseholdEvent,
  HouseholdMemberConfirmed,
  HouseholdProfileAgreed,
} from './household.events';

/*
 * A household's own decisions: created once, agreed (again, replacing the agreement and its
 * confirmations) until every member has confirmed, each member confirming the current agreement
 * once. Whether the members have signed is the caller's to check (their results live in the
 * projection, household-members.projection.ts); the agreement arrives with them.
 */

export interface Confirmation {
  signatureName: string;
  confirmedAt: string;
}

export type HouseholdState =
  | { status: 'none' }
  | { status: 'created'; household: HouseholdCreated['data'] }
  | {
      status: 'agreed' | 'confirmed';
      household: HouseholdCreated['data'];
      agreement: HouseholdProfileAgreed['data'];
      confirmations: Readonly<Record<string, Confirmation>>;
      confirmedAt: string | null;
    };

export type HouseholdCommand =
  | { type: 'CreateHousehold'; data: HouseholdCreated['data'] }
  | { type: 'AgreeHouseholdProfile'; data: HouseholdProfileAgreed['data'] }
  | {
      type: 'ConfirmHouseholdProfile';
      data: { agreementId: string; memberId: string; signatureName: string; confirmedAt: string };
    };

export const HOUSEHOLD_ERROR_CODES = [
  'HOUSEHOLD_NOT_FOUND',
  'HOUSEHOLD_EXISTS',
  'HOUSEHOLD_CONFIRMED',
  'AGREEMENT_REPLACED',
  'MEMBER_NOT_FOUND',
  'MEMBER_CONFIRMED',
] as const;
export type HouseholdErrorCode = (typeof HOUSEHOLD_ERROR_CODES)[number];

export class HouseholdError extends Error {
  constructor(
    readonly code: HouseholdErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'HouseholdError';
  }
}

export const initialHouseholdState = (): HouseholdState => ({ status: 'none' });

export function evolveHousehold(state: HouseholdState, event: HouseholdEvent): HouseholdState {
  switch (event.type) {
    case 'HouseholdCreated':
      return { status: 'created', household: event.data };
    case 'HouseholdProfileAgreed':
      if (state.status === 'none') return state;
      return {
        status: 'agreed',
        household: state.household,
        agreement: event.data,
        confirmations: {},
        confirmedAt: null,
      };
    case 'HouseholdMemberConfirmed':
      if (state.status !== 'agreed') return state;
      return {
        ...state,
        confirmations: {
          ...state.confirmations,
          [event.data.memberId]: {
            signatureName: event.data.signatureName,
            confirmedAt: event.data.confirmedAt,
          },
        },
      };
    case 'HouseholdConfirmed':
      if (state.status !== 'agreed') return state;
      return { ...state, status: 'confirmed', confirmedAt: event.data.confirmedAt };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown household event ${(unknown as HouseholdEvent).type}`);
    }
  }
}

export function decideHousehold(command: HouseholdCommand, state: HouseholdState): HouseholdEvent[] {
  switch (command.type) {
    case 'CreateHousehold':
      if (state.status !== 'none')
        throw new HouseholdError('HOUSEHOLD_EXISTS', 'This household already exists.');
      return [{ type: 'HouseholdCreated', data: command.data }];
    case 'AgreeHouseholdProfile':
      if (state.status === 'none') throw notFound();
      if (state.status === 'confirmed') {
        throw new HouseholdError(
          'HOUSEHOLD_CONFIRMED',
          "Every member has confirmed the household's agreed profile, so it can no longer be changed.",
        );
      }
      return [{ type: 'HouseholdProfileAgreed', data: command.data }];
    case 'ConfirmHouseholdProfile':
      return confirm(command.data, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown household command ${(unknown as HouseholdCommand).type}`);
    }
  }
}

export const householdDecider: Decider<HouseholdCommand, HouseholdEvent, HouseholdState> = {
  decide: decideHousehold,
  evolve: evolveHousehold,
  initialState: initialHouseholdState,
};

const notFound = () => new HouseholdError('HOUSEHOLD_NOT_FOUND', 'No such household.');

/** The member's confirmation, and with the last one the whole confirmed record. */
function confirm(
  data: Extract<HouseholdCommand, { type: 'ConfirmHouseholdProfile' }>['data'],
  state: HouseholdState,
): HouseholdEvent[] {
  if (state.status === 'none') throw notFound();
  if (state.status === 'created' || state.agreement.agreementId !== data.agreementId) {
    throw new HouseholdError(
      'AGREEMENT_REPLACED',
      'Your adviser has changed the household profile since this link was sent. Please use the link in their latest email.',
    );
  }
  const member = state.agreement.members.find((m) => m.memberId === data.memberId);
  if (!member) throw new HouseholdError('MEMBER_NOT_FOUND', 'This confirmation link is not valid.');
  if (state.confirmations[data.memberId]) {
    throw new HouseholdError('MEMBER_CONFIRMED', 'You have already confirmed this household profile.');
  }
  const confirmed: HouseholdMemberConfirmed = {
    type: 'HouseholdMemberConfirmed',
    data: {
      householdId: state.household.householdId,
      memberId: data.memberId,
      signatureName: data.signatureName,
      confirmedAt: data.confirmedAt,
    },
  };
  const confirmations = { ...state.confirmations, [data.memberId]: data };
  if (!state.agreement.members.every((m) => confirmations[m.memberId])) return [confirmed];
  const { agreement } = state;
  const record: HouseholdConfirmed = {
    type: 'HouseholdConfirmed',
    data: {
      householdId: agreement.householdId,
      name: agreement.name,
      adviser: agreement.adviser,
      agreed: agreement.agreed,
      members: agreement.members.map(({ confirmUrl: _url, confirmExpiresAt: _expires, ...result }) => ({
        ...result,
        signatureName: confirmations[result.memberId]!.signatureName,
        confirmedAt: confirmations[result.memberId]!.confirmedAt,
      })),
      differences: agreement.differences,
      flags: agreement.flags,
      confirmedAt: data.confirmedAt,
    },
  };
  return [confirmed, record];
}
