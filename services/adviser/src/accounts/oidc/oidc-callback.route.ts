import { oidcCallbackEndpoint, validateQuery } from '@risk-profile/contracts';
import { clientIp, type SessionCookie } from '@risk-profile/platform';
import type { Express } from 'express';
import { completeOidcLogin, type OidcCallbackDeps } from './oidc-callback.handler';
import type { OidcClient } from './oidc-client';
import type { OidcFlowCookie } from './oidc-flow-cookie';
import { refusalPage } from './sso-redirects';

export interface OidcCallbackRouteDeps extends Omit<OidcCallbackDeps, 'oidc'> {
  oidc: OidcClient | null;
  flowCookie: OidcFlowCookie;
  sessionCookie: SessionCookie;
}

/**
 * The redirect URI. The provider sends the browser here, so every answer is a redirect: to the
 * account's landing page with its session cookie, or to the sign-in page saying why not. The
 * flow's cookie is spent either way.
 */
export function mountOidcCallback(app: Express, deps: OidcCallbackRouteDeps): void {
  app.get(oidcCallbackEndpoint.path, async (req, res) => {
    const { oidc } = deps;
    const flow = await deps.flowCookie.open(req);
    if (!oidc) {
      res.setHeader('Set-Cookie', deps.flowCookie.clear());
      return res.redirect(302, refusalPage(flow?.page ?? 'user', 'unavailable'));
    }
    const query = validateQuery(oidcCallbackEndpoint, req.query);
    const result = await completeOidcLogin(
      { ...deps, oidc },
      {
        flow,
        query: query.ok ? query.value : null,
        search: new URL(req.originalUrl, 'http://callback').search,
        ip: clientIp(req),
        userAgent: req.get('user-agent') ?? null,
      },
    );
    if (result.kind === 'refused') {
      res.setHeader('Set-Cookie', deps.flowCookie.clear());
      return res.redirect(302, refusalPage(result.page, result.reason));
    }
    res.setHeader('Set-Cookie', [deps.flowCookie.clear(), deps.sessionCookie.set(result.token)]);
    res.redirect(302, result.landing);
  });
}
