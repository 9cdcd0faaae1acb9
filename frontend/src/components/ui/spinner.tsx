export function Spinner({ label }: { label: string }) {
  return (
    <div className="spinner-block" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="spinner-block__label">{label}</span>
    </div>
  );
}

/** A page that waits for who is signed in, or while it sends them on: the area's page with a spinner. */
export function PageSpinner({ area, label }: { area: string; label: string }) {
  return (
    <div className={`page ${area}`}>
      <Spinner label={label} />
    </div>
  );
}
