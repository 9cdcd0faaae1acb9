import { z } from 'zod';

/** The highest version: analytics stores it in a ClickHouse UInt16 column. */
export const MAX_QUESTIONNAIRE_VERSION = 65_535;

/** A questionnaire version as bodies, events and records carry it (versions.ts). */
export const questionnaireVersionSchema = z.int().min(1).max(MAX_QUESTIONNAIRE_VERSION);
