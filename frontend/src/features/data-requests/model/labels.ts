import type { ErasureReason, ErasureResult, RecordStatus } from '@risk-profile/contracts';

type Outcome = ErasureResult['items'][number]['outcome'];

export const OUTCOME_LABELS: Record<Outcome, string> = {
  erased: 'Erased',
  restricted: 'Restricted, not erased',
  'already-erased': 'Already erased',
};

export const REASON_LABELS: Record<ErasureReason, string> = {
  request: "Client's request",
  'draft-retention': 'Draft retention ended',
  'record-retention': 'Record retention ended',
};

export const STATUS_LABELS: Record<RecordStatus, string> = {
  in_progress: 'In progress',
  signed: 'Signed',
};

export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

// One formatter each, as in the records feature (features stay independent of one another).
const dateFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** "25 Nov 2026", in the reader's own time zone. */
export const formatDate = (iso: string): string => dateFormat.format(new Date(iso));
/** "25 Nov 2026, 3:04 pm AEDT". */
export const formatDateTime = (iso: string): string => dateTimeFormat.format(new Date(iso));
