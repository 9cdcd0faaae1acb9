/** A status in words; the colour only repeats it. */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  return <span className={`household-badge household-badge--${status}`}>{label}</span>;
}

const FLAG_DESCRIPTION =
  "Profiles two or more groups apart, or a member's capacity for loss below another member's profile: check before agreeing";

/** The household's flag marker, which says what it means to the eye and to a screen reader. */
export function FlagBadge() {
  return (
    <span className="household-badge household-badge--flag" title={FLAG_DESCRIPTION}>
      <span aria-hidden="true">⚠ </span>
      Flagged
      <span className="visually-hidden">: {FLAG_DESCRIPTION}</span>
    </span>
  );
}
