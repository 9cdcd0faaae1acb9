import { QUESTIONS, type Responses } from '@risk-profile/contracts';
import type { ItemMarkerState } from '../../../components/ui/progress';

export const MARKER_TEXT: Record<ItemMarkerState, string> = {
  completed: 'answered',
  current: 'current',
  pending: 'not answered yet',
};

/** One marker per question: the one being worked on, then answered or not. */
export function questionMarkers(responses: Responses, currentQuestionIndex: number): ItemMarkerState[] {
  return QUESTIONS.map((question, index) => {
    if (index === currentQuestionIndex) return 'current';
    return responses[question.id] === undefined ? 'pending' : 'completed';
  });
}
