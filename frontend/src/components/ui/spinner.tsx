export function Spinner({ label }: { label: string }) {
  return (
    <div className="spinner-block" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="spinner-block__label">{label}</span>
    </div>
  );
}
