import {
  type DerivedAssessment,
  MAX_RISK_SCORE,
  percentileExplanation,
  percentileText,
  profileForGroup,
} from '@risk-profile/contracts';
import { Card } from '../../../components/ui/card';
import { ProfileFacts } from './profile-facts';

export function ResultsSummary({ derived }: { derived: DerivedAssessment }) {
  const profile = profileForGroup(derived.riskGroup);
  const predicted = profileForGroup(derived.predictedGroup);
  const percent = Math.round((derived.riskScore / MAX_RISK_SCORE) * 100);
  return (
    <>
      <Card tone="accent" aria-labelledby="profile-name">
        <p className="result__eyebrow">Your recommended Risk Profile</p>
        <p className="result__name" id="profile-name" data-testid="profile-name">
          {profile.name}
        </p>
        <dl className="result__stats">
          <div className="stat">
            <dt>Risk score</dt>
            <dd data-testid="risk-score">
              {derived.riskScore} / {MAX_RISK_SCORE}
            </dd>
          </div>
          <div className="stat">
            <dt>Risk group</dt>
            <dd data-testid="risk-group">{derived.riskGroup} / 5</dd>
          </div>
          <div className="stat stat--wide">
            <dt>Compared with others</dt>
            <dd data-testid="percentile">{percentileText(derived.percentile)}</dd>
          </div>
        </dl>
        {/* The group is a score band, not a share of people: say so, or 56/60 in group 5 reads as "only 66%". */}
        <p className="card__description" data-testid="percentile-note">
          {percentileExplanation(derived.riskScore)}
        </p>
        {/* The score is stated in words above; the bar only pictures it. */}
        <div className="score-bar" aria-hidden="true">
          <span className="score-bar__fill" style={{ width: `${percent}%` }} />
        </div>
        <div className="score-bar__scale" aria-hidden="true">
          <span>Lower risk</span>
          <span>Higher risk</span>
        </div>
        <div className="prediction" data-testid="prediction">
          <p className="prediction__title">Your prediction</p>
          <p>
            You expected to be <strong>{predicted.name}</strong> (group {derived.predictedGroup}); your
            answers put you in group {derived.riskGroup}. {derived.prediction.text}
          </p>
        </div>
      </Card>

      <Card aria-labelledby="profile-about-title">
        <h2 id="profile-about-title">About the {profile.name} profile</h2>
        <p>{profile.description}</p>
        <ProfileFacts profile={profile} />
      </Card>
    </>
  );
}
