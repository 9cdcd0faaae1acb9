export * from './fixtures';
export * from './smtp-test-server';
export * from './vonage-test-server';
