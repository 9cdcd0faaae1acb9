import type { ReactNode } from 'react';

/** A record's labelled facts, one row each. */
export function Facts({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="record-facts">
      {rows.map(([label, value]) => (
        <div key={label} className="record-facts__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
