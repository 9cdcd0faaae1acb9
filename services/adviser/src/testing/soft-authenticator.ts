import {
  createHash,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
} from 'node:crypto';

/*
 * A software authenticator for tests outside a browser: real ES256 keys (node:crypto), 'none'
 * attestation, authenticator data built by hand as WebAuthn §6.1 lays it out, and real
 * signatures, so @simplewebauthn/server verifies them exactly as it would a device's.
 */

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

/** The head of a CBOR item (RFC 8949 §3): major type and argument. */
function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) return Buffer.from([(major << 5) | 25, value >> 8, value & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(value, 1);
  return out;
}

/** The few CBOR types a COSE key and an attestation object need, in canonical form. */
function cbor(item: Cbor): Buffer {
  if (typeof item === 'number') return item >= 0 ? head(0, item) : head(1, -1 - item);
  if (typeof item === 'string') {
    const bytes = Buffer.from(item, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (item instanceof Uint8Array) return Buffer.concat([head(2, item.length), item]);
  const entries = [...item.entries()].map(([key, value]) => Buffer.concat([cbor(key), cbor(value)]));
  return Buffer.concat([head(5, item.size), ...entries]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url');
const counterBytes = (counter: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(counter);
  return out;
};

/** Flags of authenticator data: user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

/** The COSE_Key (RFC 9053) of an ES256 public key. */
function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  return cbor(
    new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

interface Credential {
  id: Buffer;
  rpId: string;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

/** What a test may bend to see a refusal. */
export interface Ceremony {
  origin?: string;
  rpId?: string;
  userVerified?: boolean;
}

export function softAuthenticator(origin: string) {
  const credentials: Credential[] = [];
  const clientData = (type: string, challenge: string, ceremony: Ceremony) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: ceremony.origin ?? origin, crossOrigin: false }));
  const flags = (ceremony: Ceremony, extra = 0) =>
    Buffer.from([UP | (ceremony.userVerified === false ? 0 : UV) | extra]);

  return {
    credentials,
    /** navigator.credentials.create(): a new resident ES256 credential, answered in JSON. */
    register(
      options: { challenge: string; rp: { id?: string }; user: { id: string } },
      ceremony: Ceremony & { reuse?: string } = {},
    ) {
      const rpId = ceremony.rpId ?? options.rp.id ?? new URL(origin).hostname;
      // `reuse` answers with a credential this authenticator already holds (one registered twice).
      const kept = credentials.find((candidate) => b64url(candidate.id) === ceremony.reuse);
      const { id, privateKey } = kept ?? {
        id: randomBytes(32),
        privateKey: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey,
      };
      if (!kept) credentials.push({ id, rpId, privateKey, userHandle: options.user.id, counter: 0 });
      const publicKey = createPublicKey(privateKey);
      const length = Buffer.alloc(2);
      length.writeUInt16BE(id.length);
      const authData = Buffer.concat([
        sha256(rpId),
        flags(ceremony, AT),
        counterBytes(0),
        Buffer.alloc(16), // AAGUID: none
        length,
        id,
        coseKey(publicKey),
      ]);
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, ceremony)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    /**
     * navigator.credentials.get(): an assertion by `credentialId` (else the newest credential),
     * its counter moved on by one unless `counter` pins it (a cloned authenticator).
     */
    assert(
      options: { challenge: string; rpId?: string },
      ceremony: Ceremony & { credentialId?: string; counter?: number } = {},
    ) {
      const credential = ceremony.credentialId
        ? credentials.find((candidate) => b64url(candidate.id) === ceremony.credentialId)
        : credentials.at(-1);
      if (!credential) throw new Error('no credential on this authenticator');
      credential.counter = ceremony.counter ?? credential.counter + 1;
      const rpId = ceremony.rpId ?? options.rpId ?? credential.rpId;
      const authenticatorData = Buffer.concat([
        sha256(rpId),
        flags(ceremony),
        counterBytes(credential.counter),
      ]);
      const clientDataJSON = clientData('webauthn.get', options.challenge, ceremony);
      const signature = sign(
        'sha256',
        Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
        credential.privateKey,
      );
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authenticatorData),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
      };
    },
  };
}
