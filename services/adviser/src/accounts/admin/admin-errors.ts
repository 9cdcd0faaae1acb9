import { httpError } from '@risk-profile/platform';
import { emailKey } from '../user-repository';

export const ACCOUNT_NOT_FOUND_MESSAGE = 'Account not found.';
export const ADVISER_NOT_FOUND_MESSAGE = 'Adviser not found.';

export const emailTaken = (email: string) =>
  httpError.conflict(`An account with the email ${emailKey(email)} already exists.`, 'EMAIL_TAKEN');

export const slugTaken = (slug: string) =>
  httpError.conflict(
    `The adviser page name "${slug}" is already taken (now or by an earlier rename).`,
    'SLUG_TAKEN',
  );
