/**
 * First path segments the site uses itself, so never an adviser's page. A module of its own so the
 * adviser slug's schema can use it without importing the routes, which import the endpoint table.
 */
export const RESERVED_SEGMENTS = [
  'admin',
  'register',
  'login',
  'privacy',
  'security',
  'assessment',
  'api',
  'adviser',
  'analyst',
  'set-password',
  'account',
  'household-confirm',
] as const;
