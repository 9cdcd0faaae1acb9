import { WORKED_QUERIES } from '../model/worked-queries';

/** Text with Markdown's inline code (`…`), the code shown as code and the backticks dropped. */
function WithInlineCode({ text }: { text: string }) {
  // Split on backtick spans: the odd parts are code. An unmatched backtick stays as text.
  const parts = text.split(/`([^`]+)`/);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
          <code key={i}>{part}</code>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** The docs' worked queries; choosing one puts its SQL in the editor. */
export function WorkedQueries({ onChoose }: { onChoose: (sql: string) => void }) {
  return (
    <section aria-labelledby="analyst-examples-title">
      <h2 id="analyst-examples-title">Worked queries</h2>
      <p className="analyst__note">
        From the analytics schema's documentation. Choosing one puts it in the editor.
      </p>
      <ul className="analyst-examples">
        {WORKED_QUERIES.map((query) => (
          <li key={query.sql}>
            <button type="button" className="analyst-examples__item" onClick={() => onChoose(query.sql)}>
              <WithInlineCode text={query.title} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
