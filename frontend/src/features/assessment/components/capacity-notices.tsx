import {
  CAPACITY_ACKNOWLEDGEMENT_STATEMENT,
  CAPACITY_LABELS,
  type CapacityAssessment,
  type CapacityWarning,
  NO_PROFILE_FITS_HORIZON,
  noProfileFitsHorizon,
  type ProfileName,
} from '@risk-profile/contracts';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { CheckboxField } from '../../../components/ui/checkbox';

/** Each warning in plain words (docs/product-rules.md, "Capacity for loss"). */
export function CapacityWarnings({ warnings }: { warnings: readonly CapacityWarning[] }) {
  return (
    <>
      {warnings.map((warning) => (
        <Alert key={warning.id} tone="warning" title={warning.title} testId="capacity-warning">
          <p>{warning.message}</p>
        </Alert>
      ))}
    </>
  );
}

/** The results step's account of questions 13 to 17, kept apart from the risk score above it. */
export function CapacitySummary({
  capacity,
  recommended,
  warnings,
}: {
  capacity: CapacityAssessment;
  recommended: ProfileName;
  warnings: readonly CapacityWarning[];
}) {
  return (
    <Card aria-labelledby="capacity-title" data-testid="capacity-summary">
      <div>
        <h2 id="capacity-title">Your time horizon and capacity for loss</h2>
        <p className="card__description">
          Your risk score shows how much risk you are willing to take. Your answers about when you need this
          money and how much you rely on it show how much you can afford to lose.
        </p>
      </div>
      <table className="facts-table">
        <tbody>
          <tr>
            <th scope="row">When you expect to need most of this money</th>
            <td data-testid="time-horizon">{capitalise(capacity.timeHorizon.label)}</td>
          </tr>
          <tr>
            <th scope="row">Your capacity for loss</th>
            <td data-testid="capacity-for-loss">{CAPACITY_LABELS[capacity.capacityForLoss]}</td>
          </tr>
        </tbody>
      </table>
      {noProfileFitsHorizon(capacity) ? (
        // No profile suits the horizon: said plainly, with nothing for the client to acknowledge.
        <Alert tone="warning" title={NO_PROFILE_FITS_HORIZON.title} testId="no-profile-fits-horizon">
          <p>{NO_PROFILE_FITS_HORIZON.message}</p>
        </Alert>
      ) : null}
      {warnings.length > 0 ? (
        <CapacityWarnings warnings={warnings} />
      ) : noProfileFitsHorizon(capacity) ? null : (
        <p data-testid="capacity-fits">
          The {recommended} profile fits within your time horizon and your capacity for loss.
        </p>
      )}
    </Card>
  );
}

/** The acknowledgement a profile beyond the client's horizon or capacity for loss needs. */
export function CapacityAcknowledgement({
  checked,
  onCheckedChange,
  error,
  disabled,
}: {
  checked: boolean;
  onCheckedChange: (value: boolean) => void;
  error: string | null;
  disabled?: boolean;
}) {
  return (
    <CheckboxField
      id="capacityAcknowledged"
      checked={checked}
      onCheckedChange={onCheckedChange}
      error={error}
      disabled={disabled}
      label={CAPACITY_ACKNOWLEDGEMENT_STATEMENT}
    />
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
