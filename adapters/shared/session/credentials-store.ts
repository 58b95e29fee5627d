import * as Schema from "effect/Schema";
import { atom, createStore } from "jotai/vanilla";
import { UserId } from "../../../domain/shared/ids.ts";
import { SESSION_STORAGE_KEY } from "../../../domain/shared/session/session-boot.ts";
import { decodeStrict } from "../../../domain/shared/wire/decode.ts";
import type { AuthUser } from "../../../domain/shared/wire/auth.ts";
import { TokenText } from "../../../domain/shared/wire/text-fields.ts";
import type {
  AuthenticatedSession,
  CredentialsPort,
  CredentialsSnapshot,
  SessionPhase,
} from "./credentials-port.ts";

/** The app's one jotai store, made at the composition root (ui/app/app-services.ts). */
export type AtomStore = ReturnType<typeof createStore>;

/** The part of the Web Storage API the store needs, so tests pass a real jsdom sessionStorage. */
export type StoragePort = Pick<Storage, "getItem" | "setItem" | "removeItem">;

// The key is shared with the boot script that starts a reloaded session's refresh early.
export { SESSION_STORAGE_KEY };

// One key for both values, so a reload never finds a refresh token without its user (or the reverse).
const StoredSession = Schema.Struct({ refresh_token: TokenText, user_id: UserId });
const decodeStored = decodeStrict(StoredSession);

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

type Fields = Omit<CredentialsSnapshot, "phase">;

const EMPTY: Fields = {
  preAuthToken: null,
  accessToken: null,
  refreshToken: null,
  userId: null,
  user: null,
};

const phaseOf = (fields: Fields): SessionPhase => {
  if (fields.accessToken !== null && fields.refreshToken !== null) return "authenticated";
  if (fields.preAuthToken !== null) return "preAuthenticated";
  if (fields.refreshToken !== null && fields.userId !== null) return "restoring";
  return "anonymous";
};

const snapshotOf = (fields: Fields): CredentialsSnapshot => Object.freeze({ ...fields, phase: phaseOf(fields) });

// Storage is a trust boundary too: another script or an old build may have written anything there.
const restore = (storage: StoragePort): Fields => {
  const raw = storage.getItem(SESSION_STORAGE_KEY);
  if (raw === null) return EMPTY;
  const decoded = decodeStored(parseJson(raw));
  if (!decoded.ok) {
    storage.removeItem(SESSION_STORAGE_KEY);
    return EMPTY;
  }
  return { ...EMPTY, refreshToken: decoded.value.refresh_token, userId: decoded.value.user_id };
};

/**
 * The auth session of spec section 3: the refresh token and user id persist in sessionStorage
 * (so a reload can refresh), while the access token and the pre-auth token stay in memory only
 * (an XSS payload reading storage gets nothing it can call the API with directly).
 */
export const createCredentialsStore = (storage: StoragePort, atoms: AtomStore = createStore()): CredentialsPort => {
  // The session is client state that is neither a flow nor server data, so it is a jotai atom
  // (docs/ui.md, "Where state lives"); this port is the only writer, the session actor its reader.
  const credentialsAtom = atom(snapshotOf(restore(storage)));
  const current = (): CredentialsSnapshot => atoms.get(credentialsAtom);

  const persist = (fields: Fields): void => {
    try {
      if (fields.refreshToken === null || fields.userId === null) {
        storage.removeItem(SESSION_STORAGE_KEY);
      } else {
        const stored = { refresh_token: fields.refreshToken, user_id: fields.userId };
        storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(stored));
      }
    } catch {
      // Storage full or disabled (private mode): the session still works until the tab reloads.
    }
  };

  const commit = (fields: Fields): void => {
    persist(fields);
    atoms.set(credentialsAtom, snapshotOf(fields));
  };

  return {
    read: current,
    phase: () => current().phase,
    setPreAuthenticated: (token: string, user: AuthUser) =>
      commit({ ...EMPTY, preAuthToken: token, user }),
    setAuthenticated: (session: AuthenticatedSession) =>
      commit({
        ...EMPTY,
        accessToken: session.accessToken,
        refreshToken: session.refreshToken,
        userId: session.userId,
        user: session.user ?? null,
      }),
    updateTokens: (accessToken: string, refreshToken: string) => {
      const snapshot = current();
      // A refresh that answers after sign-out must not bring the session back to life.
      if (snapshot.userId === null || snapshot.refreshToken === null) return;
      commit({ ...snapshot, preAuthToken: null, accessToken, refreshToken });
    },
    clear: () => commit(EMPTY),
    subscribe: (listener: () => void) => atoms.sub(credentialsAtom, listener),
  };
};
