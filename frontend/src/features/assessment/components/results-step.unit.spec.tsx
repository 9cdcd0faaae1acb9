import { deriveAssessment, deriveCapacity, NO_PROFILE_FITS_HORIZON } from '@risk-profile/contracts';
import { uniformResponses } from '@risk-profile/contracts/testing';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CapacitySummary } from './capacity-notices';
import { ProfileDecision } from './profile-decision';
import { ResultsSummary } from './results-summary';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('the percentile on the results step', () => {
  it('reads as no contradiction for 56 of 60 in group 5 of 5: what it compares with, and why', () => {
    const derived = deriveAssessment(uniformResponses(5, { q5: 3, q7: 3 }));
    expect([derived.riskScore, derived.riskGroup, derived.percentile]).toEqual([56, 5, 66]);
    const page = text(renderToStaticMarkup(<ResultsSummary derived={derived} />));
    expect(page).toContain('Higher than 66% of all scores');
    expect(page).toContain(
      "This compares your score of 56 with the questionnaire's norms, in which the average score is 50 out of 60. Your risk group is not a ranking against other people: it comes from fixed score bands, and group 5 is a score of 56 to 60.",
    );
  });
});

describe('money needed within 3 years', () => {
  // Every answer 2 but question 7 at 3 (consistent): 25, Conservative; question 13 "Within 3 years".
  const responses = uniformResponses(2, { q7: 3, q13: 1 });
  const capacity = deriveCapacity(responses);

  it('says plainly that no profile suits it, and never that Conservative fits', () => {
    const page = text(
      renderToStaticMarkup(<CapacitySummary capacity={capacity} recommended="Conservative" warnings={[]} />),
    );
    expect(page).toContain(NO_PROFILE_FITS_HORIZON.title);
    expect(page).toContain('cash or term deposits');
    expect(page).not.toContain('fits within your time horizon');
  });

  it('does not ask the client to acknowledge an overreach they did not choose', () => {
    const noop = () => {};
    const html = renderToStaticMarkup(
      <ProfileDecision
        recommended="Conservative"
        agreement={null}
        selectedProfile={null}
        changeReason=""
        riskAcknowledged={false}
        capacity={capacity}
        capacityAcknowledged={false}
        pending={false}
        onAgree={noop}
        onKeepRecommended={noop}
        onCapacityAcknowledge={noop}
        onDisagree={noop}
        onSelectProfile={noop}
        onChangeReason={noop}
        onAcknowledge={noop}
        onContinue={noop}
      />,
    );
    expect(html).not.toContain('capacityAcknowledged');
    expect(html).not.toContain('I still want this Risk Profile');
  });
});
