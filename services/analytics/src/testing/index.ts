export * from './analyst-worker-bundle';
export * from './clickhouse-http-harness';
export * from './test-analyst-authenticator';
