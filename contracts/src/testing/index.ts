export * from './questionnaire-versions';
export * from './uniform-responses';
