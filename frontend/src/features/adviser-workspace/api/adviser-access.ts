import { signedInUser, signInRedirect } from '../../../lib/sign-in-redirect';

/** Analysts see no adviser pages: their own is the query page. */
const ANALYST_HOME_PATH = '/analyst';

/**
 * The `beforeLoad` of the adviser's pages: a visitor signs in, an analyst goes to the query page
 * (an administrator stays, and `AdviserArea` points them to the admin area).
 */
export const adviserOnly = signInRedirect(
  signedInUser((user) => (user.role === 'analyst' ? ANALYST_HOME_PATH : null)),
);
