import type { AnalystToken } from '@risk-profile/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { useDates } from '../../../lib/time-zone';
import { toast } from '../../../lib/toast';
import {
  analystTokensQueryOptions,
  useCreateAnalystToken,
  useRevokeAnalystToken,
} from '../api/analyst-queries';
import { clickhouseClientExample, clickhouseUrl, curlExample } from '../model/connection-examples';

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: `${what} copied`, variant: 'success' });
  } catch {
    toast({ title: 'Could not copy', description: 'Select the text and copy it.', variant: 'destructive' });
  }
}

/** The analyst's API tokens for ClickHouse's tools: list, create (secret shown once), revoke. */
export function TokensPage() {
  const tokens = useQuery(analystTokensQueryOptions());
  const [revoking, setRevoking] = useState<AnalystToken | null>(null);
  const revoke = useRevokeAnalystToken();
  const dates = useDates();
  return (
    <div className="analyst-tokens">
      <p>
        A tool that connects to <code>{clickhouseUrl(window.location.origin)}</code> (DBeaver, Grafana,
        @clickhouse/client, clickhouse-connect) signs in with your email as the user and an API token as the
        password. Give each tool a token of its own, and revoke one you no longer use.
      </p>
      <CreateToken />
      <section aria-labelledby="analyst-tokens-title">
        <h2 id="analyst-tokens-title">Your tokens</h2>
        {tokens.isPending ? (
          <Spinner label="Loading your tokens…" />
        ) : tokens.isError ? (
          <Alert tone="error" title="Could not load your tokens">
            {errorMessage(tokens.error)}
          </Alert>
        ) : tokens.data.length === 0 ? (
          <p className="analyst__empty">You have no API tokens.</p>
        ) : (
          <section
            className="analyst-result__scroll"
            aria-label="Token list"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls takes focus, so a keyboard can scroll it
            tabIndex={0}
          >
            <table className="analyst-table analyst-table--list">
              <caption className="visually-hidden">Your API tokens</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Token begins</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {tokens.data.map((token) => (
                  <tr key={token.id}>
                    <td>{token.name}</td>
                    <td>
                      <code>{token.prefix}…</code>
                    </td>
                    <td>
                      <time dateTime={token.createdAt}>{dates.short(token.createdAt)}</time>
                    </td>
                    <td>
                      {token.lastUsedAt ? (
                        <time dateTime={token.lastUsedAt}>{dates.short(token.lastUsedAt)}</time>
                      ) : (
                        'Never'
                      )}
                    </td>
                    <td>
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => {
                          revoke.reset();
                          setRevoking(token);
                        }}
                      >
                        Revoke<span className="visually-hidden"> {token.name}</span>
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </section>
      <Dialog
        open={revoking !== null}
        onOpenChange={(open) => (open ? undefined : setRevoking(null))}
        title={`Revoke the token “${revoking?.name ?? ''}”?`}
        description="Tools that use it stop connecting at once. This cannot be undone."
        testId="analyst-revoke-dialog"
        footer={
          <>
            <Button variant="outline" onClick={() => setRevoking(null)} disabled={revoke.isPending}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              loading={revoke.isPending}
              onClick={() =>
                revoking &&
                revoke.mutate(revoking, {
                  onSuccess: () => {
                    toast({ title: 'Token revoked', variant: 'success' });
                    setRevoking(null);
                  },
                })
              }
            >
              Revoke token
            </Button>
          </>
        }
      >
        {revoke.isError ? <Alert tone="error">{errorMessage(revoke.error)}</Alert> : null}
      </Dialog>
    </div>
  );
}

/** The name of a new token; then its secret, once, with the connections to paste. */
function CreateToken() {
  const [name, setName] = useState('');
  const create = useCreateAnalystToken();
  const user = useCurrentUser();
  const headingId = useId();
  const created = create.data;
  const origin = window.location.origin;
  const email = user.data?.email ?? 'you@example.com';
  return (
    <section aria-labelledby={headingId} className="analyst-tokens__create">
      <h2 id={headingId}>Create a token</h2>
      <form
        className="analyst-tokens__form"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(name, { onSuccess: () => setName('') });
        }}
      >
        <TextField
          label="Token name"
          hint="What it is for, e.g. DBeaver on my laptop."
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={100}
          required
          autoComplete="off"
          error={create.isError ? errorMessage(create.error) : null}
        />
        <Button type="submit" loading={create.isPending} disabled={name.trim() === ''}>
          Create token
        </Button>
      </form>
      {created ? (
        <div className="analyst-secret" data-testid="analyst-token-secret">
          <Alert tone="warning" title={`Your new token “${created.token.name}”`}>
            Copy it now: it will not be shown again. Only a hash of it is kept.
          </Alert>
          <div className="analyst-secret__row">
            <code className="analyst-secret__value">{created.secret}</code>
            <Button variant="outline" size="sm" onClick={() => void copy(created.secret, 'Token')}>
              Copy token
            </Button>
          </div>
          <ConnectionExample
            title="With @clickhouse/client (JavaScript)"
            text={clickhouseClientExample(origin, email, created.secret)}
          />
          <ConnectionExample title="With curl" text={curlExample(origin, email, created.secret)} />
        </div>
      ) : null}
    </section>
  );
}

function ConnectionExample({ title, text }: { title: string; text: string }) {
  return (
    <figure className="analyst-example">
      <figcaption>{title}</figcaption>
      <pre>{text}</pre>
      <Button variant="outline" size="sm" onClick={() => void copy(text, 'Example')}>
        Copy<span className="visually-hidden"> {title}</span>
      </Button>
    </figure>
  );
}
