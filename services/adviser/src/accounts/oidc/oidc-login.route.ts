import { oidcLoginEndpoint, validateQuery } from '@risk-profile/contracts';
import { clientIp, type Logger, type SqlClient } from '@risk-profile/platform';
import type { Express } from 'express';
import { recordAudit } from '../audit';
import type { OidcClient } from './oidc-client';
import type { OidcFlowCookie } from './oidc-flow-cookie';
import { beginOidcLogin } from './oidc-login.handler';
import { refusalPage } from './sso-redirects';

export interface OidcLoginRouteDeps {
  sql: SqlClient;
  oidc: OidcClient | null;
  flowCookie: OidcFlowCookie;
  clock: () => Date;
  logger: Logger;
}

/** A browser navigation: it is answered with a redirect, to the provider or back to the sign-in page. */
export function mountOidcLogin(app: Express, deps: OidcLoginRouteDeps): void {
  app.get(oidcLoginEndpoint.path, async (req, res) => {
    const query = validateQuery(oidcLoginEndpoint, req.query);
    // A bad page parameter is no reason to refuse: the adviser sign-in is the default.
    const page = query.ok ? query.value.page : 'user';
    if (!deps.oidc) return res.redirect(302, refusalPage(page, 'unavailable'));
    try {
      const { redirectTo, flow } = await beginOidcLogin(deps.oidc, page);
      res.setHeader('Set-Cookie', await deps.flowCookie.seal(flow));
      res.redirect(302, redirectTo.href);
    } catch (error) {
      deps.logger.warn({ err: error }, 'single sign-on: the identity provider could not be discovered');
      await recordAudit(deps.sql, {
        at: deps.clock(),
        event: 'sso_login',
        ip: clientIp(req),
        outcome: 'refused',
        detail: 'provider unavailable',
      });
      res.redirect(302, refusalPage(page, 'unavailable'));
    }
  });
}
