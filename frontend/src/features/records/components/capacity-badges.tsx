import type { RecordSummary } from '@risk-profile/contracts';
import { CAPACITY_BADGE_DESCRIPTIONS, capacityBadges } from '../model/capacity';

/** The capacity flags as badges whose words say what they mean; the colour only repeats it. */
export function CapacityBadges({
  summary,
}: {
  summary: Pick<RecordSummary, 'adviserReview' | 'capacityWarning'>;
}) {
  return capacityBadges(summary).map((badge) => (
    <span
      key={badge}
      className="record-badge record-badge--capacity"
      title={CAPACITY_BADGE_DESCRIPTIONS[badge]}
    >
      {badge}
      <span className="visually-hidden">: {CAPACITY_BADGE_DESCRIPTIONS[badge]}</span>
    </span>
  ));
}
