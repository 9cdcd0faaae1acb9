import type { RecordDetail } from '@risk-profile/contracts';
import { useTimeZone } from '../../../lib/time-zone';
import { formatDateTime } from '../model/format';
import { DELIVERY_STATUS_LABELS, deliveryDescription } from '../model/labels';

/** What happened to the record, oldest first: drafted, signed, each delivery of the report. */
export function RecordHistory({ record }: { record: RecordDetail }) {
  const zone = useTimeZone();
  if (record.history.length === 0) return <p>Nothing recorded yet.</p>;
  return (
    <ol className="record-history">
      {record.history.map((entry) => (
        <li key={`${entry.at}-${entry.event}-${entry.delivery?.id ?? ''}`}>
          <time dateTime={entry.at}>{formatDateTime(entry.at, zone)}</time>
          <span>
            {entry.event === 'drafted'
              ? 'Started (draft saved)'
              : entry.event === 'signed'
                ? 'Signed by the client'
                : entry.delivery
                  ? `${deliveryDescription(entry.delivery)}: ${DELIVERY_STATUS_LABELS[entry.delivery.status]}${
                      entry.delivery.requestedBy ? `, requested by ${entry.delivery.requestedBy}` : ''
                    }`
                  : 'Delivery'}
          </span>
        </li>
      ))}
    </ol>
  );
}
