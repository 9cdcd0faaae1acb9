import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useCurrentUser } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { pageAddress } from '../model/page-address';
import { LinkDialog } from './link-dialog';

/**
 * The adviser's home: their page address to share, a link to send, and (as `children`, from the
 * records) their clients' assessments.
 */
export function AdviserHome({ children, onLinkSent }: { children: ReactNode; onLinkSent: () => void }) {
  useDocumentTitle('Your clients');
  const [sendOpen, setSendOpen] = useState(false);
  return (
    <>
      <header className="workspace__header">
        <h1>Your clients</h1>
        <Button onClick={() => setSendOpen(true)}>Send a questionnaire link</Button>
      </header>
      <PageAddress />
      {children}
      {sendOpen ? (
        <LinkDialog
          open={sendOpen}
          onOpenChange={setSendOpen}
          title="Send a questionnaire link"
          initial={{ name: '', email: '', phone: '' }}
          onSent={onLinkSent}
        />
      ) : null}
    </>
  );
}

function PageAddress() {
  const user = useCurrentUser();
  const slug = user.data?.adviserSlug ?? null;
  const address = slug ? pageAddress(window.location.origin, slug) : null;
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Copied', description: text, variant: 'success' });
    } catch {
      toast({
        title: 'Could not copy',
        description: 'Select the address and copy it.',
        variant: 'destructive',
      });
    }
  };
  return (
    <Card tone="muted" aria-labelledby="page-address-title" className="workspace__address">
      <h2 id="page-address-title">Your page address</h2>
      {address ? (
        <div className="workspace__address-row">
          <code className="workspace__address-value">{address}</code>
          <Button variant="outline" size="sm" onClick={() => void copy(address)}>
            Copy page address
          </Button>
        </div>
      ) : (
        <p className="card__description">
          {user.isPending
            ? 'Looking up your page address…'
            : user.isError
              ? 'Your page address could not be looked up just now.'
              : 'This account has no adviser page.'}
        </p>
      )}
      <p className="card__description">
        A client who starts the questionnaire at this address is yours: their report comes to you.
      </p>
    </Card>
  );
}
