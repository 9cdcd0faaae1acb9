/**
 * One of the dashboard's filters: everything (`allLabel`), or one of the values analytics has
 * seen. A value named by the address but not (yet) seen stays selectable, so the select always
 * shows what the figures are for. Values are text in the select; `parse` turns one back.
 */
export function FilterSelect<T extends string | number>({
  label,
  allLabel,
  value,
  seen,
  optionLabel = String,
  parse,
  onChange,
}: {
  label: string;
  allLabel: string;
  value: T | null;
  seen: readonly T[];
  optionLabel?: (value: T) => string;
  parse: (text: string) => T;
  onChange: (value: T | null) => void;
}) {
  const options = value === null || seen.includes(value) ? seen : [value, ...seen];
  return (
    <label className="admin__period">
      <span>{label}</span>
      {/* Named explicitly: a wrapping label's name would include the chosen option's text. */}
      <select
        aria-label={label}
        value={value === null ? '' : String(value)}
        onChange={(e) => onChange(e.target.value === '' ? null : parse(e.target.value))}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option} value={String(option)}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </label>
  );
}
