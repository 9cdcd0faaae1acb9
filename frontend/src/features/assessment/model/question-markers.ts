import { RESPONSE_KEYS, type Responses } from '@risk-profile/contracts';
import type { ItemMarkerState } from '../../../components/ui/progress';

export const MARKER_TEXT: Record<ItemMarkerState, string> = {
  completed: 'answered',
  current: 'current',
  pending: 'not answered yet',
};

/**
 * One marker per question: the one being worked on, then answered or not. Once every question is
 * answered none is still being worked on, so all read answered (the last one too).
 */
export function questionMarkers(responses: Responses, currentQuestionIndex: number): ItemMarkerState[] {
  const allAnswered = RESPONSE_KEYS.every((key) => responses[key] !== undefined);
  return RESPONSE_KEYS.map((key, index) => {
    if (index === currentQuestionIndex && !allAnswered) return 'current';
    return responses[key] === undefined ? 'pending' : 'completed';
  });
}
