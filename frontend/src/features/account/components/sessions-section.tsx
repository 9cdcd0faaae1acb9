import { LoadFailure } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useEndSession, useSessions } from '../api/sessions';
import { deviceLabel, SIGN_IN_METHOD_LABELS } from '../model/device';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Where this account is signed in, and a way to end any of those sessions at once. */
export function SessionsSection() {
  const sessions = useSessions(true);
  const end = useEndSession();
  if (sessions.isPending) return <Spinner label="Loading your sessions..." />;
  if (sessions.isError) return <LoadFailure title="Could not load your sessions" error={sessions.error} />;

  const endOne = (id: string, current: boolean) =>
    end.mutate(id, {
      onSuccess: () => {
        toast({ title: current ? 'Signed out' : 'Session ended', variant: 'success' });
        if (current) window.location.assign('/login');
      },
      onError: (error) =>
        toast({
          title: 'Could not end the session',
          description: errorMessage(error),
          variant: 'destructive',
        }),
    });

  return (
    <section className="card account-section" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Where you are signed in</h2>
      <p className="account-note">
        Sessions last 24 hours. End any you do not recognise, then change your password.
      </p>
      <ul className="account-sessions" data-testid="sessions">
        {sessions.data.map((session) => (
          <li key={session.id} className="account-sessions__item">
            <div>
              <strong title={session.userAgent ?? undefined}>{deviceLabel(session.userAgent)}</strong>
              {session.current ? <span className="account-badge"> This browser</span> : null}
              <p className="account-note">
                Since {when(session.startedAt)} from {session.ip ?? 'an unknown address'} ·{' '}
                {SIGN_IN_METHOD_LABELS[session.method]}
              </p>
            </div>
            <Button
              size="sm"
              variant={session.current ? 'outline' : 'destructive'}
              disabled={end.isPending}
              onClick={() => endOne(session.id, session.current)}
            >
              {session.current ? 'Sign out here' : 'End session'}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
