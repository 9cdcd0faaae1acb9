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
