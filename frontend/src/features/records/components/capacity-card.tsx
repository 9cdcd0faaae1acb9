import type { RecordDetail } from '@risk-profile/contracts';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { Facts } from '../../../components/ui/facts';
import { capacityFacts } from '../model/capacity';

/** Capacity for loss, apart from tolerance: as the report shows it, with each warning the client saw. */
export function CapacityCard({ record }: { record: RecordDetail }) {
  const capacity = record.capacity;
  return (
    <Card aria-labelledby="record-capacity">
      <h2 id="record-capacity">Capacity for loss</h2>
      {capacity === null ? (
        <p>Not recorded yet: it is recorded from the client's answers when they sign.</p>
      ) : (
        <>
          {capacity.adviserReview ? (
            <Alert tone="warning" title="Review required">
              The client chose a profile two or more groups above the recommendation. It is flagged for the
              adviser's review.
            </Alert>
          ) : null}
          <Facts rows={capacityFacts(capacity)} />
          {capacity.warnings.length === 0 ? (
            <p>No warnings: the chosen profile fits the client's time horizon and capacity for loss.</p>
          ) : (
            <>
              <h3>Warnings the client was shown</h3>
              <ul className="record-warnings">
                {capacity.warnings.map((warning) => (
                  <li key={warning.id}>
                    <strong>{warning.title}:</strong> {warning.message}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </Card>
  );
}
