import { SSO_SIGN_IN_PAGES, type SsoRefusal, type SsoSignInPage } from '@risk-profile/contracts';

/** The sign-in page with the reason single sign-on was refused, which the page words. */
export const refusalPage = (page: SsoSignInPage, reason: SsoRefusal): string =>
  `${SSO_SIGN_IN_PAGES[page]}?ssoError=${encodeURIComponent(reason)}`;
