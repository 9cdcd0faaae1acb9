import { z } from 'zod';
import { CONSISTENCY_RULES } from './consistency';

export const consistencyIssueSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  explanation: z.string().min(1),
  suggestion: z.string().min(1),
  questions: z.array(z.int().min(1).max(18)),
});

const RULE_IDS = CONSISTENCY_RULES.map((rule) => rule.id) as [string, ...string[]];

/**
 * A contradiction note the page showed during the questionnaire and the note's questions the client
 * changed while it showed (consistency-notes.ts). The service writes the note's words from the rule.
 */
export const consistencyNoteSeenSchema = z
  .object({
    id: z.enum(RULE_IDS, 'Not a consistency rule.'),
    changedQuestions: z.array(z.int().min(1).max(12)).max(3),
  })
  .superRefine((note, ctx) => {
    const questions: readonly number[] =
      CONSISTENCY_RULES.find((rule) => rule.id === note.id)?.questions ?? [];
    if (!note.changedQuestions.every((q) => questions.includes(q))) {
      ctx.addIssue({
        code: 'custom',
        path: ['changedQuestions'],
        message: `The note ${note.id} is about questions ${questions.join(', ')} only.`,
      });
    }
  });

/** A note as recorded: its words, its questions and the questions the client changed while it showed. */
export const consistencyNoteSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  explanation: z.string().min(1),
  questions: z.array(z.int().min(1).max(18)),
  changedQuestions: z.array(z.int().min(1).max(18)),
});
