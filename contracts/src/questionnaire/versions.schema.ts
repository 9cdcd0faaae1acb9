import { z } from 'zod';

/** A questionnaire version as bodies, events and records carry it (versions.ts). */
export const questionnaireVersionSchema = z.int().min(1).max(1_000_000);
