import { z } from 'zod';
import { questionnaireLinkRequestedV1 } from './questionnaire-link-requested';

export * from './questionnaire-link-requested';

/** Keyed by link id. */
export const QUESTIONNAIRE_LINKS_TOPIC = 'risk-profile.questionnaire-links.v1';

export const questionnaireLinksTopicSchema = z.discriminatedUnion('type', [questionnaireLinkRequestedV1]);
