import { Link, useCanGoBack, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { buttonClass } from '../../../components/ui/button';
import { visitHome } from '../../../lib/client-visit';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** The frame shared by the static pages: a way back, the title, the text and a way to start. */
export function LegalPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  useDocumentTitle(title);
  // The adviser's page when an adviser brought the client here, so the way back keeps them.
  const home = visitHome();
  return (
    <div className="page legal">
      <p className="legal__back">
        <Link
          {...home}
          onClick={(event) => {
            // Return to where the visitor came from (for example an adviser's page), not always the root.
            if (canGoBack) {
              event.preventDefault();
              router.history.back();
            }
          }}
        >
          <span aria-hidden="true">←</span>Back
        </Link>
      </p>
      <header className="page-intro">
        <h1>{title}</h1>
        <p>{intro}</p>
      </header>
      <article className="card legal__body">{children}</article>
      <div className="legal__cta card card--accent">
        <div>
          <h2>Ready to find your Risk Profile?</h2>
          <p>It takes about ten minutes, and you can save your progress and return later.</p>
        </div>
        <Link {...home} className={buttonClass('primary', 'lg')}>
          Start Assessment
        </Link>
      </div>
    </div>
  );
}

export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="legal__section" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}
