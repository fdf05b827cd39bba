/**
 * A software WebAuthn authenticator for tests (issue 27, ADR 025): real ES256 keys from
 * node:crypto, a real "none" attestation object and authenticator data in CBOR, real signatures
 * over authenticatorData ‖ SHA-256(clientDataJSON) — what a browser hands the page, so the
 * server's library checks them exactly as it checks a phone's or a security key's.
 */
import crypto from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";

const b64u = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => crypto.createHash("sha256").update(data).digest();

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

interface Credential {
  id: Buffer;
  rpId: string;
  userHandle: string;
  privateKey: crypto.KeyObject;
  counter: number;
}

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];
  /** whether it verifies the user (a PIN, a fingerprint); a plain security key does not */
  userVerified = true;
  /** how much a signature moves the counter (0: an authenticator without a counter) */
  counterStep = 1;

  /** navigator.credentials.create: a new ES256 credential for the options' relying party and user. */
  create(options: PublicKeyCredentialCreationOptionsJSON, origin: string, reuse: { id?: Buffer } = {}): RegistrationResponseJSON {
    const rpId = options.rp.id ?? new URL(origin).hostname;
    const { privateKey, publicKey } = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x!, "base64url"))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, "base64url"))],
      ]),
    );
    const id = reuse.id ?? crypto.randomBytes(16);
    const counter = this.counterStep > 0 ? 1 : 0;
    const length = Buffer.alloc(2);
    length.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([UP | (this.userVerified ? UV : 0) | AT]),
      this.counterBytes(counter),
      Buffer.alloc(16), // AAGUID: none
      length,
      id,
      Buffer.from(cose),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", new Uint8Array(authData)],
      ]) as never,
    );
    const clientDataJSON = JSON.stringify({ type: "webauthn.create", challenge: options.challenge, origin, crossOrigin: false });
    this.credentials.push({ id, rpId, userHandle: options.user.id, privateKey, counter });
    return {
      id: b64u(id),
      rawId: b64u(id),
      type: "public-key",
      response: { clientDataJSON: b64u(Buffer.from(clientDataJSON)), attestationObject: b64u(attestationObject), transports: ["internal"] },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** navigator.credentials.get: signs the challenge with a credential for the options' relying party. */
  get(
    options: PublicKeyCredentialRequestOptionsJSON,
    origin: string,
    pick: { credential?: Credential; counter?: number } = {},
  ): AuthenticationResponseJSON {
    const rpId = options.rpId ?? new URL(origin).hostname;
    const credential = pick.credential ?? this.credentials.find((c) => c.rpId === rpId);
    if (!credential) throw new Error("no credential for this relying party");
    credential.counter = pick.counter ?? credential.counter + this.counterStep;
    const authData = Buffer.concat([sha256(rpId), Buffer.from([UP | (this.userVerified ? UV : 0)]), this.counterBytes(credential.counter)]);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin, crossOrigin: false }));
    const signature = crypto.sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: b64u(credential.id),
      rawId: b64u(credential.id),
      type: "public-key",
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  private counterBytes(n: number) {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
  }
}
