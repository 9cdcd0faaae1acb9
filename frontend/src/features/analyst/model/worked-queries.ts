import { parseWorkedQueries } from '@risk-profile/contracts';
// The docs themselves, bundled as text: the examples are the docs' worked queries, never a copy.
import analyticsSchemaDoc from '../../../../../docs/analytics-schema.md?raw';

export const WORKED_QUERIES = parseWorkedQueries(analyticsSchemaDoc);
