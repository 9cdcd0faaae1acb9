import { displayIpAddress, type RecordDetail, type SignedRecord } from '@risk-profile/contracts';
import { Card } from '../../../components/ui/card';
import { Facts } from '../../../components/ui/facts';
import { useTimeZone } from '../../../lib/time-zone';
import { formatDateTime } from '../model/format';
import { consistencyItems } from '../model/record-facts';
import { recordSections } from '../model/record-sections';

/** The contradiction notes shown during the questionnaire and what the client changed, as the report lists them. */
function ConsistencyList({ signed }: { signed: SignedRecord }) {
  const { items, none } = consistencyItems(signed);
  if (none !== null) return <p>{none}</p>;
  return (
    <ul className="record-warnings">
      {items.map((item) => (
        <li key={item.key}>
          <strong>{item.title}:</strong> {item.explanation}
        </li>
      ))}
    </ul>
  );
}

/** What exists only once the client signed: warnings, answers, choices, adviser and signature. */
export function SignedParts({ record, signed }: { record: RecordDetail; signed: SignedRecord }) {
  const zone = useTimeZone();
  return (
    <>
      <Card aria-labelledby="record-warnings">
        <h2 id="record-warnings">Consistency warnings</h2>
        <ConsistencyList signed={signed} />
      </Card>

      <Card aria-labelledby="record-answers">
        <h2 id="record-answers">Answers</h2>
        {recordSections(signed.responses, record.questionnaireVersion).map((section) => (
          <section
            key={section.id}
            aria-labelledby={`record-section-${section.id}`}
            className="record-section"
          >
            <h3 id={`record-section-${section.id}`}>{section.title}</h3>
            <ol className="record-answers">
              {section.answers.map((answer) => (
                <li key={answer.number} value={answer.number}>
                  <p className="record-answers__question">{answer.question}</p>
                  <p className="record-answers__answer">{answer.answer}</p>
                  <p className="record-answers__score">{answer.score}</p>
                </li>
              ))}
            </ol>
          </section>
        ))}
      </Card>

      <Card aria-labelledby="record-choices">
        <h2 id="record-choices">Exclusions and preferences</h2>
        <Facts
          rows={[
            ['Investment exclusions', signed.investmentExclusions.trim() || 'None recorded'],
            ['Investment preferences', signed.investmentPreferences.trim() || 'None recorded'],
          ]}
        />
      </Card>

      {signed.adviser ? (
        <Card aria-labelledby="record-adviser">
          <h2 id="record-adviser">Adviser</h2>
          <Facts
            rows={[
              ['Adviser', signed.adviser.adviserName],
              ['Company', signed.adviser.companyName],
              ['Email', signed.adviser.email],
              ...(signed.adviser.licenceNumber
                ? ([['Licence or registration', signed.adviser.licenceNumber]] as const)
                : []),
            ]}
          />
        </Card>
      ) : null}

      <Card aria-labelledby="record-signature">
        <h2 id="record-signature">Signature</h2>
        <Facts
          rows={[
            ['Assessment id', <code key="id">{record.id}</code>],
            ['Signed at', formatDateTime(signed.signature.signedAt, zone)],
            ['IP address', displayIpAddress(signed.signature.ipAddress)],
            ['User agent', signed.signature.userAgent],
            [
              'SHA-256 digest',
              <code key="digest" className="record__digest">
                {signed.signature.digest}
              </code>,
            ],
          ]}
        />
        {record.verification ? (
          <div className="record__verification">
            <h3>How to verify it</h3>
            <p>{record.verification}</p>
          </div>
        ) : null}
      </Card>
    </>
  );
}
