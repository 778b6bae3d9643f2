import { PASSKEY_MESSAGES } from "@common/staff/passkeys";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";

/**
 * The browser half of passkeys. @simplewebauthn/browser is loaded only when a passkey is used
 * (a dynamic import: its own chunk, fetched by the login and 'Account' screens, never by public
 * pages). Each call answers the response to post, or the message to show.
 */
type Outcome<T> = { ok: true; response: T } | { ok: false; error: string };

function failure(error: unknown): { ok: false; error: string } {
  const name = (error as { name?: string; code?: string } | null)?.name;
  const code = (error as { code?: string } | null)?.code;
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError")
    return { ok: false, error: PASSKEY_MESSAGES.alreadyAdded };
  if (name === "NotAllowedError" || name === "AbortError" || code === "ERROR_CEREMONY_ABORTED")
    return { ok: false, error: PASSKEY_MESSAGES.cancelled };
  return { ok: false, error: PASSKEY_MESSAGES.failed };
}

const supported = () => typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";

/** navigator.credentials.create for the server's registration options. */
export async function createPasskey(
  optionsJSON: PublicKeyCredentialCreationOptionsJSON,
): Promise<Outcome<RegistrationResponseJSON>> {
  if (!supported()) return { ok: false, error: PASSKEY_MESSAGES.unsupported };
  try {
    const { startRegistration } = await import("@simplewebauthn/browser");
    return { ok: true, response: await startRegistration({ optionsJSON }) };
  } catch (error) {
    return failure(error);
  }
}

/** navigator.credentials.get for the server's sign-in options (any of this site's passkeys). */
export async function getPasskey(
  optionsJSON: PublicKeyCredentialRequestOptionsJSON,
): Promise<Outcome<AuthenticationResponseJSON>> {
  if (!supported()) return { ok: false, error: PASSKEY_MESSAGES.unsupported };
  try {
    const { startAuthentication } = await import("@simplewebauthn/browser");
    return { ok: true, response: await startAuthentication({ optionsJSON }) };
  } catch (error) {
    return failure(error);
  }
}
