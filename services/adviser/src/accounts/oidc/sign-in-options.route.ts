import { type SignInOptions, signInOptionsEndpoint } from '@risk-profile/contracts';
import type { Express } from 'express';

/** What the sign-in pages offer: public, and the same for everyone. */
export function mountSignInOptions(app: Express, options: SignInOptions): void {
  app.get(signInOptionsEndpoint.path, (_req, res) => {
    res.json(options satisfies SignInOptions);
  });
}
