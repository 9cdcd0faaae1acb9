import { capacityWarnings, type DerivedAssessment } from '@risk-profile/contracts';
import { Button } from '../../../components/ui/button';
import { CapacitySummary } from './capacity-notices';
import { ProfileDecision, type ProfileDecisionProps } from './profile-decision';
import { ResultsSummary } from './results-summary';

export interface ResultsStepProps extends Omit<ProfileDecisionProps, 'recommended'> {
  derived: DerivedAssessment;
  onReview: () => void;
  headingRef: React.Ref<HTMLHeadingElement>;
}

export function ResultsStep({ derived, onReview, headingRef, ...decision }: ResultsStepProps) {
  return (
    <div className="stack stack--lg">
      <header className="step-intro">
        <p className="step-intro__eyebrow">Your results</p>
        <h1 ref={headingRef} tabIndex={-1}>
          Your Risk Profile results
        </h1>
        <p className="step-intro__lead">
          Based on your answers, this is the level of investment risk that suits you. Please read the
          description and tell us whether you agree.
        </p>
      </header>
      <ResultsSummary derived={derived} />
      <CapacitySummary
        capacity={decision.capacity}
        recommended={derived.originalProfile}
        warnings={capacityWarnings(decision.capacity, derived.originalProfile)}
      />
      <ProfileDecision recommended={derived.originalProfile} {...decision} />
      <div className="row">
        <Button variant="ghost" onClick={onReview} disabled={decision.pending}>
          <span aria-hidden="true">←</span>Review my answers
        </Button>
      </div>
    </div>
  );
}
