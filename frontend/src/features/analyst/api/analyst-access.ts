import { signedInUser, signInRedirect } from '../../../lib/sign-in-redirect';
import { elsewhere } from '../model/area-access';

/** Who may see the analyst's pages: a visitor signs in, the rest are sent on (`elsewhere`). */
export const analystAccess = signedInUser(elsewhere);

/** The `beforeLoad` of the analyst's pages. */
export const analystOnly = signInRedirect(analystAccess);
