import type { QuestionnaireVersion } from '@risk-profile/contracts';
import type { EventStore, SessionVerifier } from '@risk-profile/platform';
import type { Store } from 'express-rate-limit';
import type { AdviserDirectory } from '../advisers/adviser-directory';

export interface AssessmentRouteDeps {
  store: EventStore;
  /** Which adviser pages exist: a draft may name only one of them. */
  advisers: AdviserDirectory;
  clock: () => Date;
  /**
   * Who is signed in, if anyone: the questionnaire is public, but an adviser who runs it with a
   * client at `/` gets the assessment attributed to them.
   */
  sessions: SessionVerifier;
  /** Called after events were stored, so the relay publishes them now rather than at its next poll. */
  onStored: () => void;
  /** Successful signings per client address per hour (0 for no limit), counted in `store`. */
  signRateLimit: { perHour: number; store: Store };
  /** The questionnaire clients answer now (QUESTIONNAIRE_VERSION): drafts and signings for another are refused. */
  questionnaire: QuestionnaireVersion;
}
