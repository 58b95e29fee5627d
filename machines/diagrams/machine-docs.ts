import type { AnyStateMachine } from "xstate";
import { signInMachine } from "../auth/sign-in.machine.ts";
import { tokenRefreshMachine } from "../token-refresh/token-refresh.machine.ts";
import { toMermaid } from "./to-mermaid.ts";

/** A generated page of docs/machines/: which machine, where, and what it is for. */
export type MachineDoc = {
  readonly path: string;
  readonly title: string;
  readonly summary: string;
  /** Contracts the diagram cannot show: what the app, the adapters and the server rely on. */
  readonly notes: readonly string[];
  readonly source: string;
  readonly machine: AnyStateMachine;
};

/** Every machine whose diagram is kept in docs/machines/ (paths from the repository root). */
export const MACHINE_DOCS: readonly MachineDoc[] = [
  {
    path: "docs/machines/sign-in.md",
    title: "Sign-in flow",
    summary:
      "Signs a person in with email and password, forces a password change when the server asks for one, then verifies a second factor (email, SMS or authenticator app), registering one first when none is set up.",
    notes: [
      "Actors (provided by the app): `login`, `changePassword`, `createMfa`, `loadQr`, `sendCode` (re_send), `verifyCode`; each rejects with an `AuthFailure` (`{ code, message, status? }`), anything else reads as ERROR_001 and HTTP 429 as ERROR_012.",
      "The password, the new passwords and the typed code travel only in the event that starts their call; they are never kept in context. The pre-auth token stays in context until the code is verified; the tokens are then in `context.session`.",
      "Local checks answer without a call: ERROR_006, ERROR_010, ERROR_008 (password change), ERROR_019 (code), ERROR_002 / ERROR_013 (SMS phone, sent in E.164 with a leading plus).",
      "A lone default method goes straight to code entry. create_mfa sends the first email or SMS code itself; re_send is used for registered methods and the resend button. An authenticator app gets nothing sent.",
      "A 401 on any call made with the pre-auth token, or `session.cleared`, clears the auth state and returns to the credentials (the email is kept for re-display).",
    ],
    source: "machines/auth/sign-in.machine.ts",
    machine: signInMachine,
  },
  {
    path: "docs/machines/token-refresh.md",
    title: "Token refresh",
    summary:
      "Turns any number of concurrent 401 answers into exactly one token refresh, after which each failed request retries once; a failed refresh clears the auth state and reloads the page.",
    notes: [
      "A request remembers `currentGeneration(actor)` when it is sent. On 401 the HTTP adapter awaits `awaitFreshToken(actor, seenGeneration)`: `\"refreshed\"` means retry the request once (a second 401 is final), `\"ended\"` means the session is over.",
      "A 401 of a request sent before the last refresh needs no new refresh: the generation has already moved on.",
      "Actions the app provides: `storeTokens` (the new access and refresh tokens), `clearAuthState` and `reloadPage` (failed refresh only). `session.ended` (sign-out) just ends the machine; sign-out does its own clearing.",
    ],
    source: "machines/token-refresh/token-refresh.machine.ts",
    machine: tokenRefreshMachine,
  },
];

/** The Markdown page of one machine: a heading, what it does, and its Mermaid diagram. */
export const renderMachineDoc = (doc: MachineDoc): string =>
  [
    `# ${doc.title}`,
    "",
    doc.summary,
    "",
    ...doc.notes.map((note) => `- ${note}`),
    "",
    `Generated from \`${doc.source}\` by \`npm run diagrams\`; do not edit by hand.`,
    "",
    "```mermaid",
    toMermaid(doc.machine).trimEnd(),
    "```",
    "",
  ].join("\n");
