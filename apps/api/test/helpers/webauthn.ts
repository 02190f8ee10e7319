import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software authenticator for API tests: it makes the answers a browser's WebAuthn call would give
 * (attestation "none", ES256 keys), with the user-verification flag set or not, so the server's
 * checks are exercised without a browser.
 */

// ---- A minimal CBOR encoder: unsigned and negative integers, byte and text strings, maps ----
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  const b = Buffer.alloc(3);
  b[0] = (major << 5) | 25;
  b.writeUInt16BE(n, 1);
  return b;
}
type Cbor = number | string | Buffer | Map<Cbor, Cbor>;
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string')
    return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64 = (b: Buffer) => b.toString('base64url');

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftAuthenticator {
  credentialId: string;
  /** Whether the device checked its owner (the UV flag) in the answers it makes from now on. */
  userVerified: boolean;
  /** The answer to registration options (`/api/cuenta/passkeys/opciones`). */
  register(options: { challenge: string; user: { id: string } }): Record<string, unknown>;
  /** The answer to authentication options (`/api/login/passkey/opciones`). */
  assert(options: { challenge: string }): Record<string, unknown>;
}

export function softAuthenticator(
  site: { origin: string; rpId: string },
  options: { userVerified: boolean },
): SoftAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  const credentialId = randomBytes(16);
  let counter = 0;
  let userHandle = '';
  const rpIdHash = sha256(site.rpId);
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: site.origin, crossOrigin: false }));
  const counterBytes = () => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(counter);
    return b;
  };

  const device: SoftAuthenticator = {
    credentialId: b64(credentialId),
    userVerified: options.userVerified,
    register({ challenge, user }) {
      userHandle = user.id;
      const coseKey = cbor(
        new Map<Cbor, Cbor>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x, 'base64url')],
          [-3, Buffer.from(jwk.y, 'base64url')],
        ]),
      );
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        rpIdHash,
        Buffer.from([flags() | FLAG_AT]),
        counterBytes(),
        Buffer.alloc(16),
        idLength,
        credentialId,
        coseKey,
      ]);
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64(clientData('webauthn.create', challenge)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    assert({ challenge }) {
      counter += 1;
      const authData = Buffer.concat([rpIdHash, Buffer.from([flags()]), counterBytes()]);
      const clientDataJSON = clientData('webauthn.get', challenge);
      const signature = signWith(privateKey, Buffer.concat([authData, sha256(clientDataJSON)]));
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64(clientDataJSON),
          authenticatorData: b64(authData),
          signature: b64(signature),
          userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
  const flags = () => FLAG_UP | (device.userVerified ? FLAG_UV : 0);
  return device;
}

const signWith = (key: KeyObject, data: Buffer) => sign('sha256', data, key);
