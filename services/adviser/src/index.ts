import {
  createServiceApp,
  migrate,
  migrateAccessLog,
  openSessions,
  type PlatformDeps,
  type Relay,
  type ServiceModule,
  SqlRateLimitStore,
  type Subscription,
  sameOriginWrites,
  secretBox,
} from '@risk-profile/platform';
import { ACCOUNT_MIGRATIONS } from './accounts/accounts.migrations';
import { adminAccounts } from './accounts/admin-accounts';
import { mountAdminAccountRoutes } from './accounts/admin-accounts.routes';
import { mountAnalystRoutes } from './accounts/analyst.routes';
import { mountAuthRoutes } from './accounts/auth.routes';
import { accountManager } from './accounts/manage-accounts';
import { mountMfaRoutes } from './accounts/mfa/mfa.routes';
import type { MfaDeps } from './accounts/mfa/mfa-deps';
import { mfaRequiredRoles } from './accounts/mfa/mfa-policy';
import { pendingSignIns } from './accounts/mfa/pending-sign-in';
import { TOTP_SECRETS } from './accounts/mfa/second-factor-store';
import { OIDC_MIGRATIONS, singleSignOn } from './accounts/oidc/single-sign-on';
import { PASSKEY_MIGRATIONS } from './accounts/passkeys/passkey.migrations';
import { passkeyChallenges } from './accounts/passkeys/passkey-challenges';
import { mountPasskeyRoutes } from './accounts/passkeys/passkeys.routes';
import { relyingPartyOf } from './accounts/passkeys/relying-party';
import { mountSessionRoutes } from './accounts/sessions/sessions.routes';
import { ADVISER_MIGRATIONS } from './advisers/adviser.migrations';
import { mountGetAdviser } from './advisers/get-adviser.route';
import type { AdviserConfig } from './config';
import { seedDemoAccounts, seedDemoData } from './demo/seed';
import {
  createHouseholdConfirmTokens,
  HOUSEHOLD_MIGRATIONS,
  mountHouseholds,
  openHouseholdDataProtection,
  subscribeHouseholdProjection,
} from './households/households';
import { startAdviserRelay } from './integration/adviser-relay';
import { subscribeLinkErasure } from './links/link-erasure';
import { createLinkTokenSigner } from './links/link-token-signer';
import { mountResolveLink } from './links/resolve-link.route';
import { mountSendLink } from './links/send-link.route';
import { SHORT_LINK_MIGRATIONS } from './links/short-links';
import { mountVerifyLink } from './links/verify-link.route';

export { totpCode } from './accounts/mfa/totp';
export { type AdviserConfig, adviserConfigSchema } from './config';
export { DEMO_ACCOUNTS, DEMO_ADVISER } from './demo/seed';
export { createLinkTokenSigner, type LinkTokenSigner } from './links/link-token-signer';

/**
 * Advisers and questionnaire links. The tables exist once this resolves; the demo adviser (when
 * DEMO_DATA is on) is upserted by start(), idempotently, so every start leaves exactly one.
 */
export async function createAdviserService(
  deps: PlatformDeps,
  config: AdviserConfig,
  options: {
    /**
     * The address questionnaire links point at, when PUBLIC_URL is not configured: the embedded
     * start knows its port only once it listens.
     */
    publicUrl?: () => string;
  } = {},
): Promise<ServiceModule> {
  const { sql, logger, clock } = deps;
  let relay: Relay | undefined;
  let linkErasure: Subscription | undefined;
  let householdProjection: Subscription | undefined;
  await migrate(sql, 'adviser', ADVISER_MIGRATIONS);
  await migrate(sql, 'adviser-accounts', ACCOUNT_MIGRATIONS);
  await migrate(sql, 'adviser-short-links', SHORT_LINK_MIGRATIONS);
  await migrate(sql, 'adviser-oidc', OIDC_MIGRATIONS);
  await migrate(sql, 'adviser-passkeys', PASSKEY_MIGRATIONS);
  await migrate(sql, 'adviser-households', HOUSEHOLD_MIGRATIONS);
  // Every stream through one store: household events have their members' fields sealed.
  const protection = openHouseholdDataProtection(sql, deps.eventStore, config.HOUSEHOLD_ENCRYPTION_KEY);
  // The household view appends to the product's one access log (platform/src/access-log).
  await migrateAccessLog(sql);
  const publicUrl = config.PUBLIC_URL ?? 'http://localhost';
  const sessions = await openSessions(sql, { secret: config.SESSION_SECRET, publicUrl, clock });
  const accounts = accountManager(sql, clock);
  const signer = createLinkTokenSigner(config.LINK_TOKEN_SECRET, clock, {
    ttlDays: config.LINK_TOKEN_TTL_DAYS,
  });
  // Counted in the database, so the limit holds across every instance of the service.
  const logins = await SqlRateLimitStore.create(sql, 'adviser-logins');
  const shortLinkLookups = await SqlRateLimitStore.create(sql, 'adviser-short-link-lookups');
  const passwordSets = await SqlRateLimitStore.create(sql, 'adviser-set-password');
  const analystChecks = await SqlRateLimitStore.create(sql, 'adviser-analyst-credentials');
  const householdConfirmations = await SqlRateLimitStore.create(sql, 'adviser-household-confirmations');
  const sso = singleSignOn({
    config,
    sql,
    tokens: sessions.tokens,
    sessionCookie: sessions.cookie,
    clock,
    logger,
  });
  const mfa: MfaDeps = {
    sql,
    tokens: sessions.tokens,
    cookie: sessions.cookie,
    sessions: sessions.verifier,
    revocations: sessions.revocations,
    box: secretBox(config.MFA_ENCRYPTION_KEY, TOTP_SECRETS),
    pending: pendingSignIns({ sessionSecret: config.SESSION_SECRET, publicUrl, clock }),
    requiredRoles: mfaRequiredRoles(config),
    clock,
  };
  const linkBase = () => config.PUBLIC_URL ?? options.publicUrl?.() ?? publicUrl;
  const ready = async () => {
    await sql.query('SELECT 1');
    return true;
  };
  const app = createServiceApp({
    name: 'adviser',
    logger,
    bodyLimit: config.ADVISER_BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    ready,
    routes: (router) => {
      router.use(sameOriginWrites(config.PUBLIC_URL));
      const loginLimit = mountAuthRoutes(router, {
        sql,
        tokens: sessions.tokens,
        cookie: sessions.cookie,
        sessions: sessions.verifier,
        revocations: sessions.revocations,
        clock,
        loginRateLimit: { perMinute: config.LOGIN_RATE_LIMIT_PER_MINUTE, store: logins },
        ssoOnlyRoles: config.SSO_ONLY_ROLES,
        ssoLogoutUrl: sso.logoutUrl,
        pending: mfa.pending,
        mfaRequiredRoles: mfa.requiredRoles,
      });
      mountMfaRoutes(router, mfa, loginLimit);
      mountPasskeyRoutes(
        router,
        {
          ...mfa,
          challenges: passkeyChallenges(publicUrl),
          // Passkeys belong to the site's public address, as the links do.
          relyingParty: () => relyingPartyOf(linkBase()),
          ssoOnlyRoles: config.SSO_ONLY_ROLES,
        },
        loginLimit,
      );
      mountSessionRoutes(router, mfa);
      sso.mount(router);
      mountGetAdviser(router, sql);
      mountSendLink(router, {
        sql,
        store: protection.store,
        signer,
        sessions: sessions.verifier,
        publicUrl: linkBase,
        clock,
        onStored: () => relay?.wake(),
      });
      mountHouseholds(router, {
        sql,
        store: protection.store,
        signer,
        confirmTokens: createHouseholdConfirmTokens(config.LINK_TOKEN_SECRET, clock, {
          ttlDays: config.LINK_TOKEN_TTL_DAYS,
        }),
        sessions: sessions.verifier,
        publicUrl: linkBase,
        clock,
        onStored: () => relay?.wake(),
        confirmationRateLimit: {
          perMinute: config.HOUSEHOLD_CONFIRMATION_RATE_LIMIT_PER_MINUTE,
          store: householdConfirmations,
        },
      });
      mountAdminAccountRoutes(router, {
        accounts: adminAccounts({
          sql,
          store: protection.store,
          revocations: sessions.revocations,
          clock,
          publicUrl: linkBase,
          onStored: () => relay?.wake(),
        }),
        sessions: sessions.verifier,
        setPasswordRateLimit: { perMinute: config.LOGIN_RATE_LIMIT_PER_MINUTE, store: passwordSets },
      });
      mountAnalystRoutes(router, {
        sql,
        sessions: sessions.verifier,
        clock,
        failedCheckRateLimit: { perMinute: config.LOGIN_RATE_LIMIT_PER_MINUTE, store: analystChecks },
        ssoOnlyRoles: config.SSO_ONLY_ROLES,
        mfaRequiredRoles: mfa.requiredRoles,
      });
      mountVerifyLink(router, signer, logger);
      mountResolveLink(router, {
        sql,
        signer,
        logger,
        clock,
        rateLimit: { perMinute: config.SHORT_LINK_RATE_LIMIT_PER_MINUTE, store: shortLinkLookups },
      });
    },
  });
  return {
    name: 'adviser',
    app,
    start: async () => {
      // The erasure consumer joins beside the relay's start (on Kafka a join may wait for a rebalance).
      const [started, subscribed, projecting] = await Promise.all([
        relay ?? startAdviserRelay({ ...deps, eventStore: protection.store }),
        linkErasure ?? subscribeLinkErasure(deps),
        householdProjection ?? subscribeHouseholdProjection({ ...deps, protection }),
      ]);
      relay = started;
      linkErasure = subscribed;
      householdProjection = projecting;
      if (!config.DEMO_DATA) return;
      const adviser = await seedDemoData(sql, clock());
      await seedDemoAccounts(accounts, sql);
      logger.info({ slug: adviser.slug }, 'demo adviser and demo accounts ready');
    },
    stop: async () => {
      await linkErasure?.stop();
      linkErasure = undefined;
      await householdProjection?.stop();
      householdProjection = undefined;
      await relay?.stop();
      relay = undefined;
    },
    ready,
  };
}
