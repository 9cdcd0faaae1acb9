/**
 * The test runner's environment without the keys that choose a product's adapters or secrets (a
 * database server, Kafka, KurrentDB, ClickHouse, mail and SMS, public address, demo data): a
 * process a test starts is given exactly the ones the test passes, whatever the shell exported
 * for other suites (CI exports KAFKA_BROKERS, which would put an embedded product's bus on Kafka).
 */
export function inheritedEnvironment(): NodeJS.ProcessEnv {
  const environment = { ...process.env };
  for (const key of Object.keys(environment)) {
    if (
      /^(DATABASE_|KAFKA_|KURRENTDB_|CLICKHOUSE_|SMTP_|VONAGE_|MAIL_|SMS_|NODE_ENV$|PUBLIC_URL$|DEMO_DATA$)/.test(
        key,
      ) ||
      key.endsWith('_URL') ||
      key.endsWith('_SECRET')
    ) {
      delete environment[key];
    }
  }
  return environment;
}
