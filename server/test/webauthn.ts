import { createHash, createSign, generateKeyPairSync, type KeyObject, randomBytes } from "node:crypto";

/**
 * A software authenticator for the passkey tests: an ES256 (P-256) key made with node:crypto,
 * and registration ('none' attestation) and authentication responses built byte by byte as a
 * browser and an authenticator would (clientDataJSON, authenticatorData, CBOR), in the JSON shape
 * @simplewebauthn/browser posts.
 */

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor> | { [key: string]: Cbor };

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) {
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  }
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

/** Just enough CBOR (RFC 8949) for COSE keys and attestation objects. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

/** The challenge a server's options carry, read back from them. */
export interface SoftAuthenticatorOptions {
  /** The origin the "browser" reports (a wrong one must be refused). */
  origin: string;
  /** The relying party id (the site's host). */
  rpId: string;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  /** The signature counter (incremented at every use; 0 means "does not count"). */
  counter = 0;
  /** The user handle stored with the credential at registration (base64url). */
  userHandle?: string;

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: "jwk" }) as { x: string; y: string };
    this.publicJwk = { x: jwk.x, y: jwk.y };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private cosePublicKey(): Buffer {
    return cbor(
      new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(this.publicJwk.x, "base64url")],
        [-3, Buffer.from(this.publicJwk.y, "base64url")],
      ]),
    );
  }

  /** The authenticator data; `verified` false: the user was present but not verified (no PIN, no biometric). */
  private authData(rpId: string, attested: boolean, verified = true): Buffer {
    const flags = 0x01 | (verified ? 0x04 : 0) | (attested ? 0x40 : 0); // user present, verified; credential data
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const parts: Uint8Array[] = [sha256(rpId), Buffer.from([flags]), count];
    if (attested) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), idLength, this.credentialId, this.cosePublicKey());
    }
    return Buffer.concat(parts);
  }

  private clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), "utf8");
  }

  /**
   * The passkey as the server keeps it after registering it for `adminId` (the COSE public key),
   * for tests that put it straight in the database; the user handle is the account's id.
   */
  storedFor(adminId: string) {
    this.userHandle = b64url(adminId);
    return {
      adminId,
      credentialId: this.id,
      publicKey: this.cosePublicKey(),
      counter: 0,
      transports: ["internal"],
    };
  }

  /** What startRegistration would post for `options` (the server's registration options). */
  register(
    options: { challenge: string; user?: { id: string } },
    at: SoftAuthenticatorOptions,
    change: { userVerified?: boolean } = {},
  ): Record<string, unknown> {
    this.userHandle = options.user?.id;
    const clientDataJSON = this.clientData("webauthn.create", options.challenge, at.origin);
    const authData = this.authData(at.rpId, true, change.userVerified ?? true);
    const attestationObject = cbor({ fmt: "none", attStmt: {}, authData });
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
    };
  }

  /**
   * What startAuthentication would post for `options`; the counter moves on first (unless kept).
   * `userVerified: false` is a key that only saw the user present (no PIN or biometric checked).
   */
  authenticate(
    options: { challenge: string },
    at: SoftAuthenticatorOptions,
    change: { keepCounter?: boolean; userVerified?: boolean } = {},
  ): Record<string, unknown> {
    if (!change.keepCounter) this.counter++;
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, at.origin);
    const authenticatorData = this.authData(at.rpId, false, change.userVerified ?? true);
    const signer = createSign("SHA256");
    signer.update(Buffer.concat([authenticatorData, sha256(clientDataJSON)]));
    const signature = signer.sign(this.privateKey); // DER, as WebAuthn's ES256 signatures are
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
    };
  }
}
