import { MasterKey as PlatformMasterKey, parseMasterKey } from '@risk-profile/platform';

export { open, parseMasterKey, seal } from '@risk-profile/platform';

/**
 * The platform's master key (platform/src/crypto/master-key.ts) with the one key the assessment
 * service derives besides the wrapping key: the subject index's.
 */
export class MasterKey extends PlatformMasterKey {
  /** HMAC-SHA256 key of the subject index (subject-index.ts). */
  readonly subjectIndexKey = this.derive('subject index v1');

  static override fromConfig(value: string): MasterKey {
    return new MasterKey(parseMasterKey(value));
  }
}
