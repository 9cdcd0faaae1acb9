import { createHash } from 'node:crypto';
import type { SignedContent } from '../domain/assessment.signed-content';
import { canonicalJson } from './canonical-json';

/** SHA-256, lowercase hex, of the UTF-8 bytes of the content's canonical JSON. */
export function signatureDigest(content: SignedContent): string {
  return createHash('sha256')
    .update(canonicalJson({ ...content }), 'utf8')
    .digest('hex');
}
