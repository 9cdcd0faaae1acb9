import * as client from 'openid-client';
import type { OidcSettings } from './oidc-config';

/** A discovered provider is trusted for an hour; after that its metadata is read again. */
const DISCOVERY_TTL_MS = 60 * 60_000;
/** Seconds a request to the provider may take before the sign-in is refused as unavailable. */
const PROVIDER_TIMEOUT_SECONDS = 10;

export interface OidcClient {
  readonly settings: OidcSettings;
  /** The provider's metadata and this client, discovered on first use (throws when unreachable). */
  configuration(): Promise<client.Configuration>;
}

/**
 * The product as a client of the organisation's provider, through openid-client. Discovery waits
 * for the first sign-in (a provider down at start-up must not stop the service), is shared by
 * concurrent requests, and a failure is not kept: the next sign-in tries again.
 */
export function createOidcClient(settings: OidcSettings, clock: () => Date): OidcClient {
  let discovered: { at: number; config: Promise<client.Configuration> } | undefined;
  const discover = () =>
    client.discovery(
      settings.issuer,
      settings.clientId,
      // Metadata plus the secret; the token request authenticates with HTTP Basic, OIDC's default method.
      { client_secret: settings.clientSecret },
      client.ClientSecretBasic(settings.clientSecret),
      {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        // Config admits plain http for a provider on this machine only (tests and trials).
        execute: settings.issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
      },
    );
  return {
    settings,
    configuration() {
      const now = clock().getTime();
      if (!discovered || now - discovered.at > DISCOVERY_TTL_MS) {
        const config = discover();
        discovered = { at: now, config };
        config.catch(() => {
          if (discovered?.config === config) discovered = undefined;
        });
      }
      return discovered.config;
    },
  };
}
