import type { AuthApi } from "../auth-port.ts";
import type { CredentialsPort } from "./credentials-port.ts";

/** Where every sign-out ends. */
export const SIGN_IN_PATH = "/auth/sign-in";

/** How long the server gets to revoke the refresh token before the sign-out finishes anyway. */
export const SIGN_OUT_SERVER_TIMEOUT_MS = 5_000;

/** Everything a sign-out touches; each is a port so tests pass real storages and spies. */
export type SignOutDependencies = {
  readonly api: Pick<AuthApi, "logout">;
  readonly credentials: Pick<CredentialsPort, "read" | "clear">;
  readonly storage: { readonly local: Pick<Storage, "clear">; readonly session: Pick<Storage, "clear"> };
  /** Drops all cached server data (queryClient.clear()), so the next person sees none of it. */
  readonly clearCache: () => void;
  readonly navigate: (path: string) => void;
  readonly timeoutMs?: number;
};

// Each local step runs even if an earlier one throws: a half-finished sign-out on a shared clinic
// computer would leave patient data behind.
const attempt = (step: () => void): void => {
  try {
    step();
  } catch {
    // Nothing to recover: the remaining steps still run and the person still lands on sign-in.
  }
};

const settleWithin = async (work: Promise<unknown>, ms: number): Promise<void> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  try {
    await Promise.race([work.then(() => undefined, () => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
};

/**
 * Sign-out (spec section 4): ask the server to end the session, clear the auth state, empty local
 * and session storage, clear the data cache, go to sign-in. The server call starts first (it
 * carries the session's credentials) but local state is cleared without waiting for it; a failed
 * or hung call (bounded by a 5 s timeout) never keeps the session alive in this browser.
 */
export const signOut = async (deps: SignOutDependencies): Promise<void> => {
  const refreshToken = deps.credentials.read().refreshToken;
  let ending: Promise<unknown> = Promise.resolve();
  if (refreshToken !== null) {
    try {
      // Called synchronously so the request is built while the credentials still exist.
      ending = deps.api.logout(refreshToken);
    } catch {
      ending = Promise.resolve();
    }
  }
  attempt(() => deps.credentials.clear());
  attempt(() => deps.storage.local.clear());
  attempt(() => deps.storage.session.clear());
  attempt(() => deps.clearCache());
  // Waiting matters when navigate is a full page load, which would abort the revocation request.
  await settleWithin(ending, deps.timeoutMs ?? SIGN_OUT_SERVER_TIMEOUT_MS);
  deps.navigate(SIGN_IN_PATH);
};
