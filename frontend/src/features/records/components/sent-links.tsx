import type { SentLink } from '@risk-profile/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { InfiniteList } from '../../../components/ui/infinite-list';
import { useTimeZone } from '../../../lib/time-zone';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { sentLinksQueryOptions } from '../api/records-queries';
import { formatDateTime, formatShortDateTime } from '../model/format';
import { DELIVERY_STATUS_LABELS, RECORD_STATUS_LABELS } from '../model/labels';
import '../records.css';

/** The questionnaire links the adviser sent, newest first: delivered or not, used or not. */
export function SentLinksPage() {
  useDocumentTitle('Sent links');
  const query = useInfiniteQuery(sentLinksQueryOptions());
  return (
    <section className="records" aria-labelledby="links-title">
      <h1 id="links-title">Links you sent</h1>
      <InfiniteList
        query={query}
        loading="Loading the links…"
        failure="Could not load the links"
        empty={<p className="records__empty">You have not sent a questionnaire link yet.</p>}
        moreClassName="records__more"
      >
        {(items) => (
          <table className="records-table">
            <caption className="visually-hidden">Questionnaire links, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Client</th>
                <th scope="col">Channel</th>
                <th scope="col">Sent</th>
                <th scope="col">Delivery</th>
                <th scope="col">Assessment</th>
              </tr>
            </thead>
            <tbody>
              {items.map((link) => (
                <SentLinkRow key={link.linkId} link={link} />
              ))}
            </tbody>
          </table>
        )}
      </InfiniteList>
    </section>
  );
}

function SentLinkRow({ link }: { link: SentLink }) {
  const zone = useTimeZone();
  const to = link.method === 'email' ? link.clientEmail : link.clientPhone;
  const expired = Date.parse(link.expiresAt) < Date.now();
  return (
    <tr>
      <td data-label="Client" className="records-table__client-cell">
        <div className="records-table__client">
          <span className="records-table__name">{link.clientName}</span>
          <span className="records-table__contact">{to ?? 'No contact given'}</span>
        </div>
      </td>
      <td data-label="Channel">{link.method === 'email' ? 'Email' : 'SMS'}</td>
      <td data-label="Sent">
        <time dateTime={link.requestedAt}>{formatDateTime(link.requestedAt, zone)}</time>
        <span className="records-table__muted">
          {' '}
          · {expired ? 'expired' : 'expires'} {formatShortDateTime(link.expiresAt, zone)}
        </span>
      </td>
      <td data-label="Delivery">
        {link.delivery ? DELIVERY_STATUS_LABELS[link.delivery.status] : 'Not recorded'}
      </td>
      <td data-label="Assessment">
        {link.assessmentId && link.assessmentStatus ? (
          <Link to="/adviser/assessments/$id" params={{ id: link.assessmentId }}>
            {RECORD_STATUS_LABELS[link.assessmentStatus]}
            <span className="visually-hidden">: {link.clientName}'s assessment</span>
          </Link>
        ) : (
          'Not started'
        )}
      </td>
    </tr>
  );
}
