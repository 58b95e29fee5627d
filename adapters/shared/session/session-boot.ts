import { userRecordEndpoint } from "../../../domain/account/account-endpoints.ts";
import { refreshEndpoint } from "../../../domain/auth/auth-endpoints.ts";
import { SESSION_BOOT_GLOBAL } from "../../../domain/shared/session/session-boot.ts";
import type { RefreshResponse } from "../../../domain/shared/wire/auth.ts";
import { decodeLenient } from "../../../domain/shared/wire/decode.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { parseJson } from "../api-client.ts";
import { failureFromHttp, malformedResponseFailure } from "../api-failure.ts";

// What the session's boot script (server/http/session-boot-script.ts) started before the app ran:
// a reloaded tab's token refresh, then its user record and the route's main reads
// (domain/boot-reads.ts). The app takes them once and judges them as it judges its own calls'
// answers: decoded by the endpoint's schema, failures by the catalogue. Only the session they
// were started for may use them: the same refresh token, then the access token its answer gave.

/** An answer as the script keeps it: the status and the body's text. */
export type BootAnswer = { readonly status: number; readonly text: string };

/** The boot script's calls, as found in the page. */
export type SessionBoot = {
  readonly refreshToken: string;
  readonly userId: number;
  readonly tokens: Promise<BootAnswer>;
  /** Null when the refresh was refused (the user was not asked). */
  readonly user: Promise<BootAnswer | null>;
  /** The route's reads by request (path and query), each null when the refresh was refused. */
  readonly reads: Readonly<Record<string, Promise<BootAnswer | null>>>;
};

const isPromise = (value: unknown): value is Promise<unknown> => value instanceof Promise;

/**
 * Takes the boot script's calls from the page, once: the property is left null, so the script
 * (were it to run late) starts nothing, and no other code finds the tokens there.
 */
export const takeSessionBoot = (scope: Record<string, unknown>): SessionBoot | null => {
  const found = scope[SESSION_BOOT_GLOBAL];
  scope[SESSION_BOOT_GLOBAL] = null;
  if (typeof found !== "object" || found === null) return null;
  const { refreshToken, userId, tokens, user, reads } = found as Record<string, unknown>;
  if (typeof refreshToken !== "string" || typeof userId !== "number" || !isPromise(tokens) || !isPromise(user)) return null;
  // Each read is checked to be a promise when it is taken (a page's script may be older and have none).
  const startedReads = (typeof reads === "object" && reads !== null ? reads : {}) as SessionBoot["reads"];
  return { refreshToken, userId, tokens: tokens as Promise<BootAnswer>, user: user as Promise<BootAnswer | null>, reads: startedReads };
};

const decodeRefresh = decodeLenient(refreshEndpoint.answer);
const decodeUser = decodeLenient(userRecordEndpoint.answer);

/** The early answers the adapters use in place of their first refresh and first user read. */
export type EarlyAnswers = {
  /** The refresh the script sent with this token: its tokens, or an ApiFailure; null when none applies (then the caller refreshes itself). */
  readonly refresh: (refreshToken: string) => Promise<RefreshResponse | null>;
  /**
   * The user record read with the adopted refresh's token; null when none applies. `awaitRefresh`
   * (the session is restoring, so its refresh is certain to run): a read asked before the app has
   * taken the script's refresh waits for it instead of giving up and reading again.
   */
  readonly currentUser: (userId: number, awaitRefresh?: boolean) => Promise<CurrentUser | null>;
  /**
   * The answer to a GET the app is about to send with `accessToken` (`request`: path and query as
   * sent), when the script sent that same request with that same token; once per request. Null
   * when none applies; its promise gives null when the read never came back (then the app sends its own).
   */
  readonly read: (request: string, accessToken: string) => Promise<BootAnswer | null> | null;
  /**
   * Whether the script started the arrival page's reads (domain/boot-reads.ts): then, at the bare
   * address, the page's own hooks take every read its arrival module would ask (issue 35).
   */
  readonly readsStarted: boolean;
};

/** No early answers: tests, and a page the script found no session in. */
export const NO_EARLY_ANSWERS: EarlyAnswers = { refresh: async () => null, currentUser: async () => null, read: () => null, readsStarted: false };

/**
 * How long the reads stay this arrival's: the page they were started for asks them within a few
 * seconds of the app's start, even on a slow phone. One the app did not ask then (a page the
 * person may not open, an address that led elsewhere) is not handed, minutes later, to the page
 * that asks it next with the same token: that page reads anew.
 */
export const EARLY_READS_MS = 20_000;

export const earlyAnswersOf = (boot: SessionBoot | null): EarlyAnswers => {
  if (boot === null) return NO_EARLY_ANSWERS;
  let refreshTaken = false;
  // The access token of the adopted refresh: the one the script's reads were sent with.
  let adoptedAccess: string | null = null;
  let userTaken = false;
  // Settled once the app has taken the script's refresh: with its access token, or null when it
  // failed or the app refreshed with another token (then nothing of the script's applies).
  let settleAdoption: (access: string | null) => void = () => undefined;
  const adoption = new Promise<string | null>((resolve) => {
    settleAdoption = resolve;
  });
  const readsLeft = new Map(Object.entries(boot.reads));
  const readsStarted = [...readsLeft.values()].some(isPromise);
  setTimeout(() => readsLeft.clear(), EARLY_READS_MS);
  return {
    refresh: async (refreshToken) => {
      // Once, and only for the session it was sent for: a later refresh uses a newer token.
      if (refreshTaken || refreshToken !== boot.refreshToken) {
        settleAdoption(null);
        return null;
      }
      refreshTaken = true;
      try {
        let answer: BootAnswer;
        try {
          answer = await boot.tokens;
        } catch {
          // It never reached the server (or never came back): the app's own refresh tries.
          return null;
        }
        const body = parseJson(answer.text);
        if (answer.status < 200 || answer.status >= 300) throw failureFromHttp(answer.status, body);
        const decoded = decodeRefresh(body);
        if (!decoded.ok) throw malformedResponseFailure(answer.status);
        adoptedAccess = decoded.value.access;
        return decoded.value as RefreshResponse;
      } finally {
        // However it ended, a user read waiting for the adoption learns it: the token, or null.
        settleAdoption(adoptedAccess);
      }
    },
    currentUser: async (userId, awaitRefresh = false) => {
      if (userTaken || userId !== boot.userId) return null;
      // Asked before the app took the refresh (the shell can mount while the session restores):
      // without waiting, the app read the record itself, a second read the script had made needless.
      const access = adoptedAccess ?? (awaitRefresh ? await adoption : null);
      if (access === null || userTaken) return null;
      userTaken = true;
      const answer = await boot.user.catch(() => null);
      // Anything but a good record of this very user is asked again by the app's client, with its 401 rules.
      if (answer === null || answer.status !== 200) return null;
      const decoded = decodeUser(parseJson(answer.text));
      return decoded.ok && decoded.value.id === userId ? (decoded.value as CurrentUser) : null;
    },
    read: (request, accessToken) => {
      // Only with the very token the script sent them with: after another refresh, a sign-out or
      // someone else's sign-in in this tab, they are nobody's answers.
      // Once: whoever asks first (another token included) uses it up, and a later read asks the server.
      const pending = accessToken === adoptedAccess ? readsLeft.get(request) : undefined;
      readsLeft.delete(request);
      return isPromise(pending) ? pending.catch(() => null) : null;
    },
    readsStarted,
  };
};
