import type {
  HouseholdConfirmedV1,
  HouseholdCreatedV1,
  HouseholdMemberConfirmedV1,
  HouseholdProfileAgreedV1,
} from '@risk-profile/contracts';
import type { DomainEvent } from '@risk-profile/platform';

/*
 * The events of a household's stream (`household-{id}`), as the adviser service stores them: each
 * is its integration event's data (households-relay.ts publishes it), plus what only this service
 * needs, which the relay leaves out.
 */

export const householdStreamId = (householdId: string): string => `household-${householdId}`;
export const isHouseholdStream = (streamId: string): boolean => streamId.startsWith('household-');

export type HouseholdCreated = DomainEvent<'HouseholdCreated', HouseholdCreatedV1['data']>;

type Agreed = HouseholdProfileAgreedV1['data'];

export type HouseholdProfileAgreed = DomainEvent<
  'HouseholdProfileAgreed',
  Agreed & {
    /**
     * Names this agreement in its members' confirmation tokens, so a link of an agreement that
     * was replaced is refused.
     */
    agreementId: string;
    /** The comparison the agreement was made on, for the confirmed household's record. */
    differences: HouseholdConfirmedV1['data']['differences'];
    flags: HouseholdConfirmedV1['data']['flags'];
  }
>;

export type HouseholdMemberConfirmed = DomainEvent<
  'HouseholdMemberConfirmed',
  HouseholdMemberConfirmedV1['data']
>;

export type HouseholdConfirmed = DomainEvent<'HouseholdConfirmed', HouseholdConfirmedV1['data']>;

export type HouseholdEvent =
  | HouseholdCreated
  | HouseholdProfileAgreed
  | HouseholdMemberConfirmed
  | HouseholdConfirmed;
