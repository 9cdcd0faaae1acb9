import { describe, expect, it } from 'vitest';
import { draftAssessmentBodySchema } from '../http/assessments';
import { uniformResponses } from '../testing';
import { checkConsistency } from './consistency';
import {
  consistencyNotesRecord,
  consistencyNoteText,
  noConsistencyNotesText,
  trackConsistencyNotes,
} from './consistency-notes';

describe('the notes a client is shown while answering', () => {
  it('lists a note when it shows and the questions of it changed while it showed', () => {
    // Q5 and Q6 both 4 or more: the note about cash kept back for a fall shows.
    const flagged = uniformResponses(3, { q5: 4, q6: 4 });
    const shown = checkConsistency(flagged);
    expect(shown.map((issue) => issue.id)).toEqual(['buying-in-a-fall-vs-cash-kept-back']);
    let notes = trackConsistencyNotes([], { question: 6, changed: false }, [], shown);
    expect(notes).toEqual([{ id: 'buying-in-a-fall-vs-cash-kept-back', changedQuestions: [] }]);
    // A question of another note, or a first answer, is no change made after the note.
    notes = trackConsistencyNotes(notes, { question: 9, changed: true }, shown, shown);
    expect(notes[0]?.changedQuestions).toEqual([]);
    // The client changes question 6: the note goes, and the change is kept against it.
    const after = checkConsistency({ ...flagged, q6: 3 });
    notes = trackConsistencyNotes(notes, { question: 6, changed: true }, shown, after);
    expect(notes).toEqual([{ id: 'buying-in-a-fall-vs-cash-kept-back', changedQuestions: [6] }]);
    // Once gone, later changes are not put down to the note.
    notes = trackConsistencyNotes(notes, { question: 5, changed: true }, after, after);
    expect(notes).toEqual([{ id: 'buying-in-a-fall-vs-cash-kept-back', changedQuestions: [6] }]);
  });
});

describe('the record of the notes', () => {
  it("is written from the rules, in the rules' order, keeping only each rule's own questions", () => {
    const record = consistencyNotesRecord([
      { id: 'managing-vs-staying-invested', changedQuestions: [7] },
      { id: 'buying-in-a-fall-vs-cash-kept-back', changedQuestions: [6, 6] },
    ]);
    expect(record.map((note) => [note.id, note.questions, note.changedQuestions])).toEqual([
      ['buying-in-a-fall-vs-cash-kept-back', [5, 6], [6]],
      ['managing-vs-staying-invested', [7, 9], [7]],
    ]);
    expect(consistencyNoteText(record[0]!)).toEqual({
      title:
        'Shown during the questionnaire: Your plan for a market fall needs cash you said you would not keep (questions 5 and 6)',
      explanation: `${record[0]!.explanation} The client then changed question 6.`,
    });
    expect(noConsistencyNotesText(true)).toBe(
      'None: the client was shown no contradiction notes, and the answers signed are consistent.',
    );
    expect(noConsistencyNotesText(false)).toContain('were not recorded');
  });

  it('is refused by the draft contract for an unknown rule, a question outside the rule or a rule twice', () => {
    const body = {
      clientName: 'Jo Client',
      clientEmail: 'jo@example.com',
      responses: uniformResponses(),
      riskScore: 36,
      originalProfile: 'Balanced',
      selectedProfile: 'Balanced',
      profileChanged: false,
      investmentExclusions: '',
      investmentPreferences: '',
    };
    const notes = (consistencyNotes: unknown) =>
      draftAssessmentBodySchema.safeParse({ ...body, consistencyNotes });
    expect(
      notes([{ id: 'managing-vs-staying-invested', changedQuestions: [7] }]).data?.consistencyNotes,
    ).toEqual([{ id: 'managing-vs-staying-invested', changedQuestions: [7] }]);
    expect(draftAssessmentBodySchema.parse(body).consistencyNotes).toBeUndefined();
    expect(notes([{ id: 'made-up', changedQuestions: [] }]).success).toBe(false);
    expect(notes([{ id: 'managing-vs-staying-invested', changedQuestions: [6] }]).success).toBe(false);
    const twice = { id: 'managing-vs-staying-invested', changedQuestions: [] };
    expect(notes([twice, twice]).success).toBe(false);
  });
});
