import { formatMobileNumber, MOBILE_INPUT_MAX_LENGTH } from '@risk-profile/contracts';
import { useState } from 'react';
import { type LinkClient, SendLinkDialog } from '../../../components/send-link/send-link-dialog';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';

/**
 * The send-link dialog of the welcome step, with the client's details typed in it: empty for a new
 * client, pre-filled from a record for a review.
 */
export function LinkDialog({
  open,
  onOpenChange,
  initial,
  title,
  onSent,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial: LinkClient;
  title: string;
  onSent?: () => void;
}) {
  const [client, setClient] = useState(initial);
  const change = (field: keyof LinkClient, value: string) =>
    setClient((prev) => ({ ...prev, [field]: value }));
  return (
    <SendLinkDialog open={open} onOpenChange={onOpenChange} client={client} title={title} onSent={onSent}>
      <div className="stack workspace-link-fields">
        <TextField
          label="Full name"
          name="name"
          autoComplete="off"
          value={client.name}
          onChange={(event) => change('name', event.target.value)}
          required
        />
        <TextField
          label="Email address"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="off"
          value={client.email}
          onChange={(event) => change('email', event.target.value)}
        />
        <TextField
          label="Mobile number"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="0412 345 678"
          maxLength={MOBILE_INPUT_MAX_LENGTH}
          value={client.phone}
          onChange={(event) => change('phone', formatMobileNumber(event.target.value))}
        />
      </div>
    </SendLinkDialog>
  );
}

/** "Send a review link" on a record whose review is due, pre-filled with the client's details. */
export function ReviewLinkButton({
  client,
}: {
  client: { name: string; email: string | null; phone: string | null };
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Send a review link
      </Button>
      {open ? (
        <LinkDialog
          open={open}
          onOpenChange={setOpen}
          title="Send a review link"
          initial={{ name: client.name, email: client.email ?? '', phone: client.phone ?? '' }}
        />
      ) : null}
    </>
  );
}
