import type { DerivationRules } from './assessment-derivation';
import { CAPACITY_RULES, type CapacityRules } from './capacity';
import { CONSISTENCY_RULES } from './consistency';
import { PROFILE_NAMES, RISK_PROFILES } from './profiles';
import { QUESTION_COUNT, type QuestionNumber } from './question-numbers';
import { QUESTIONS, type Question, SECTIONS, type Section } from './questions';
import { MAX_RISK_SCORE, SCORING_RULES } from './scoring';
import { CURRENT_QUESTIONNAIRE_VERSION, questionnaireVersionOf } from './version-number';
import { MAX_QUESTIONNAIRE_VERSION, questionnaireVersionSchema } from './versions.schema';

/*
 * The questionnaire as a versioned record (docs/questionnaire.md, "Versions"). Everything a record's
 * wording and scoring depends on belongs to a version: the questions with their options,
 * explanations and option scores, the sections, the profiles' table, the score bands and norms, the
 * consistency rules and the capacity rule. Changing any of it is a new version beside the old ones,
 * so a record is always rendered and recomputed by its own version, never by today's.
 */

export interface QuestionnaireVersion extends DerivationRules {
  /** A positive integer; 1 is the questionnaire as it was before versions existed. */
  version: number;
  questions: readonly Question[];
  sections: readonly Section[];
  capacity: CapacityRules;
}

export const QUESTIONNAIRE_V1: QuestionnaireVersion = Object.freeze({
  version: 1,
  questions: QUESTIONS,
  sections: SECTIONS,
  profiles: RISK_PROFILES,
  scoring: SCORING_RULES,
  consistencyRules: CONSISTENCY_RULES,
  capacity: CAPACITY_RULES,
});

const registry = new Map<number, QuestionnaireVersion>([[1, QUESTIONNAIRE_V1]]);

/** Asked for a version nobody registered: a configuration error, or a record from a newer build. */
export class UnknownQuestionnaireVersionError extends RangeError {
  readonly code = 'UNKNOWN_QUESTIONNAIRE_VERSION';
  constructor(readonly version: number) {
    super(`No questionnaire version ${String(version)} (known: ${knownQuestionnaireVersions().join(', ')})`);
    this.name = 'UnknownQuestionnaireVersionError';
  }
}

export const isKnownQuestionnaireVersion = (version: number): boolean => registry.has(version);

export const knownQuestionnaireVersions = (): number[] => [...registry.keys()].sort((a, b) => a - b);

/** A version's data; this build's current one without an argument. */
export function questionnaireVersion(version: number = CURRENT_QUESTIONNAIRE_VERSION): QuestionnaireVersion {
  const found = registry.get(version);
  if (found === undefined) throw new UnknownQuestionnaireVersionError(version);
  return found;
}

/** The version a record, event or draft was answered against (1 when it names none): what renders it. */
export const questionnaireOf = (record: {
  questionnaireVersion?: number | null | undefined;
}): QuestionnaireVersion => questionnaireVersion(questionnaireVersionOf(record));

/** A question of a version by its number. */
export function versionQuestion(questionnaire: QuestionnaireVersion, number: QuestionNumber): Question {
  const question = questionnaire.questions[number - 1];
  if (question === undefined) throw new RangeError(`No question ${String(number)}`);
  return question;
}

/**
 * Adds a version beside the others (a later build's new questionnaire, or a test's fixture). A
 * registered version never changes: registering another definition under its number throws, and
 * registering the same definition again does nothing.
 */
export function registerQuestionnaireVersion(definition: QuestionnaireVersion): QuestionnaireVersion {
  const existing = registry.get(definition.version);
  if (existing === definition) return existing;
  if (existing !== undefined) {
    throw new Error(`Questionnaire version ${definition.version} exists already; a change is a new version.`);
  }
  const problem = versionProblem(definition);
  if (problem !== null) throw new Error(`Questionnaire version ${definition.version}: ${problem}`);
  registry.set(definition.version, Object.freeze(definition));
  return definition;
}

// What every stored answer and record assumes of any version: the same 18 questions in order with
// five options scored 1 to 5 each, the same five profiles in group order, and rising score bands.
function versionProblem(q: QuestionnaireVersion): string | null {
  if (!questionnaireVersionSchema.safeParse(q.version).success) {
    return `the version must be a positive integer up to ${MAX_QUESTIONNAIRE_VERSION}`;
  }
  if (q.questions.length !== QUESTION_COUNT) return `it needs ${QUESTION_COUNT} questions`;
  const badQuestion = q.questions.find(
    (question, index) =>
      question.number !== index + 1 ||
      question.id !== `q${index + 1}` ||
      question.options.length !== 5 ||
      [...question.scoring].sort().join() !== '1,2,3,4,5',
  );
  if (badQuestion !== undefined) return `question ${badQuestion.number} is out of place or not scored 1 to 5`;
  if (q.profiles.map((profile) => profile.name).join() !== PROFILE_NAMES.join()) {
    return 'its profiles must be the five profiles in group order';
  }
  const bounds = q.scoring.groupUpperBounds;
  const rising = bounds.every(
    (bound, i) => bound > (i === 0 ? 12 : bounds[i - 1]!) && bound < MAX_RISK_SCORE,
  );
  return rising ? null : 'its score bands must rise between 12 and 60';
}
