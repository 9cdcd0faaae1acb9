import { appConfig } from '../../../lib/env';
import '../legal.css';
import { LegalPage, LegalSection } from './legal-page';

const CONTENTS = [
  { id: 'access-control', title: 'Access control' },
  { id: 'sessions', title: 'Sessions' },
  { id: 'rate-limiting', title: 'Rate limiting' },
  { id: 'passwords', title: 'Password storage' },
  { id: 'signatures', title: 'Electronic signatures' },
  { id: 'dependencies', title: 'Dependencies' },
  { id: 'reporting', title: 'Reporting a vulnerability' },
] as const;

export function SecurityPage() {
  const email = appConfig.contactEmail;
  return (
    <LegalPage
      title="Security"
      intro="How Risk Profile protects your information and how to report a security concern."
    >
      <nav className="legal__contents" aria-labelledby="contents-title">
        <h2 id="contents-title">Contents</h2>
        <ol>
          {CONTENTS.map((entry) => (
            <li key={entry.id}>
              <a href={`#${entry.id}`}>{entry.title}</a>
            </li>
          ))}
        </ol>
      </nav>

      <LegalSection id="access-control" title="Access control">
        <p>
          Access is role-based. Administrative functions, including the analytics dashboard and the list of
          assessments, are available only to signed-in accounts with the administrator role, and every request
          is checked on the server.
        </p>
      </LegalSection>

      <LegalSection id="sessions" title="Sessions">
        <p>
          Sign-in sessions are held in signed, HTTP-only cookies that scripts on the page cannot read.
          Sessions last 24 hours, after which you need to sign in again.
        </p>
      </LegalSection>

      <LegalSection id="rate-limiting" title="Rate limiting">
        <p>
          Requests are rate limited by IP address, with stricter limits on sign-in attempts, to slow down
          automated attacks such as password guessing.
        </p>
      </LegalSection>

      <LegalSection id="passwords" title="Password storage">
        <p>
          We never store passwords themselves, only a bcrypt hash of each one, computed with a cost factor of
          12.
        </p>
      </LegalSection>

      <LegalSection id="signatures" title="Electronic signatures">
        <p>
          When you sign your Risk Profile we record the time of signing, your IP address and a fingerprint of
          exactly what you signed. A signed assessment cannot be changed afterwards.
        </p>
      </LegalSection>

      <LegalSection id="dependencies" title="Dependencies">
        <p>
          The open-source packages we depend on are pinned to exact versions in a lockfile, and every build
          installs exactly those versions. The image the service runs from holds only the packages it needs at
          run time; development tools are removed when it is built.
        </p>
      </LegalSection>

      <LegalSection id="reporting" title="Reporting a vulnerability">
        <p>
          If you believe you have found a security issue, please email <a href={`mailto:${email}`}>{email}</a>
          . We respond within 24 hours. Our contact details are also published in machine-readable form at{' '}
          <a href="/.well-known/security.txt">/.well-known/security.txt</a>.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
