/**
 * The WebAuthn user handle of an account: its id's 16 bytes, nothing personal (the spec asks that
 * it hold no email or name), and stable, so a device keeps one passkey per account.
 */
export const userHandleBytes = (userId: string): Uint8Array<ArrayBuffer> =>
  new Uint8Array(Buffer.from(userId.replace(/-/g, ''), 'hex'));

/** The same, base64url, as the browser's answer carries it. */
export const userHandleOf = (userId: string): string =>
  Buffer.from(userHandleBytes(userId)).toString('base64url');
