export * from './fixtures';
export * from './household-fixtures';
export * from './notification-under-test';
export * from './report-composer-bundle';
export * from './smtp-test-server';
export * from './vonage-test-server';
