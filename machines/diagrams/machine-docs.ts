import { mfaChangeMachine } from "../account/mfa-change.machine.ts";
import { createTimeEntryFormMachine } from "../billing/time-log-forms.machine.ts";
import { assignFlowMachine } from "../exercises/assign-flow.machine.ts";
import { gameSelectionMachine } from "../exercises/game-selection.machine.ts";
import { saveAsTemplateMachine } from "../exercises/save-as-template.machine.ts";
import { templateEditMachine } from "../exercises/template-edit.machine.ts";
import { sessionMachine } from "../auth/session.machine.ts";
import { signInMachine } from "../auth/sign-in.machine.ts";
import { patientEditMachine } from "../patients/patient-edit.machine.ts";
import { staffPatientsMachine } from "../patients/staff-patients.machine.ts";
import { patientPickerMachine } from "../shared/patient-picker.machine.ts";
import { idleSignOffMachine } from "../shared/session/idle-sign-off.machine.ts";
import { tokenRefreshMachine } from "../shared/session/token-refresh.machine.ts";
import { BILLING_MACHINE_DOCS } from "./billing-machine-docs.ts";
import type { MachineDoc } from "./machine-doc.ts";
import { SESSION_REVIEW_MACHINE_DOCS } from "./session-review-machine-docs.ts";
import { toMermaid } from "./to-mermaid.ts";

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
      "The stored session (the credentials store) is the one source of whether anyone is signed in: `watchStoredSession` (provided over the session actor, which alone subscribes to the store) sends `session.ended` when it ends elsewhere (sign-out, a failed refresh, the session actor clearing an unknown sign-in). The flow starts over unless it is already at the credentials or a call is in flight (that call fails with 401 and brings its own message).",
    ],
    source: "machines/auth/sign-in.machine.ts",
    machine: signInMachine,
  },
  {
    path: "docs/machines/mfa-change.md",
    title: "Second-factor changes (Settings > Security)",
    summary:
      "Adds a second factor, makes a confirmed one the default, or removes one, each confirmed with a fresh code of a method already confirmed (issue 19); an add then proves the new method (SMS asks for the number first, an authenticator app shows its secret and QR code, the new method's first code confirms it); cancel ends any step.",
    notes: [
      "Actors (provided by the page from `accountApi`): `startMfa` (POST users/me/mfa/ with the step-up `confirm_option` and `otp_code`), `resendMfaCode` (POST users/me/mfa/re_send/, a fresh code for the method being added, no step-up: it starts nothing), `confirmMfa`, `sendStepUpCode` (POST users/me/mfa/send_code/), `setDefaultMfa`, `removeMfa`; each rejects with an `AuthFailure`-shaped value, anything else reads as ERROR_001 and HTTP 429 as ERROR_012.",
      "Domain rules answer before any call: adding a confirmed method is ERROR_015, changing one that is not set up ERROR_017, removing the last one is refused (`canRemoveMfaMethod`); the SMS number (ERROR_013 / ERROR_002, sent in E.164) and the code (ERROR_019) are checked locally.",
      "An add runs `choosingConfirmation` → (`sendingCode`) → `awaitingCode` first; its valid code (`isValidStepUpToAdd`) invokes `startMfa` inside the code entry. A refused step-up code stays on the entry; a number the server refused (ERROR_002 / ERROR_013 / ERROR_021, checked before the code, so it is not spent) returns to `enteringPhone`. Once started (`started` in context) an app goes to `showingSecret`, email and SMS re-enter `awaitingCode` for the new method's code with a fresh resend cooldown.",
      "The typed code travels only in `otp.submit`. The resend waits `resendCooldown` (30 s, the server's own cooldown) and is offered only when the code comes by email or SMS; a refused code does not restart it.",
      "A saved change runs `announceSaved` (the page updates the cached user and shows a toast) and rests in `done` with the answered user.",
    ],
    source: "machines/account/mfa-change.machine.ts",
    machine: mfaChangeMachine,
  },
  {
    path: "docs/machines/session.md",
    title: "Session (the one owner of the browser's session)",
    summary:
      "Follows the credentials store and says where the session stands (signed out, pre-authenticated, signed in, restoring); starts the refresh of a reloaded session, runs the token refresh for as long as a session lasts, and clears a pre-authentication it knows nothing about.",
    notes: [
      "Actors (provided in ui/app/auth-machines.ts): `watchCredentials`, the only subscription to the credentials store (a jotai atom), which sends `credentials.changed { phase, userId, user }` at once and after every change; `tokenRefresh`, the token-refresh machine with its effects on the store (`refreshTokens`, `storeTokens`, `clearAuthState`, `reloadPage`). Action: `clearCredentials`.",
      "`active` invokes one refresher per session; moves inside it (restored, new tokens) are handled in `active` itself so the refresher is never restarted. Leaving `active` (sign-out, a failed refresh, a 401) stops it, which answers every waiting request \"ended\"; a late refresh answer has nobody left to store it.",
      "`active.restoring` (a reload kept only the refresh token) sends the fresh refresher `token.expired` for generation 0 on entry: the restore needs no page to start it. The route guards count it as signed in.",
      "`preAuth.unknown` (a pre-auth token with no user) clears the credentials on entry (spec section 2); the store's change brings the actor to `signedOut`, so the guards only redirect.",
      "The HTTP client waits on `sessionTokenRefresh(actor)` (machines/auth/session-token-refresh.ts): the current session's refresher, with generations counted across sessions so a request of an earlier session never waits on a later one. The UI reads `sessionStandingOf` / `authStandingOf` with `useSelector` (ui/session/use-session.ts).",
    ],
    source: "machines/auth/session.machine.ts",
    machine: sessionMachine,
  },
  {
    path: "docs/machines/token-refresh.md",
    title: "Token refresh",
    summary:
      "Turns any number of concurrent 401 answers into exactly one token refresh, after which each failed request retries once; a failed refresh clears the auth state and reloads the page.",
    notes: [
      "A request remembers `currentGeneration(actor)` when it is sent. On 401 the HTTP adapter awaits `awaitFreshToken(actor, seenGeneration)`: `\"refreshed\"` means retry the request once (a second 401 is final), `\"ended\"` means the session is over.",
      "A 401 of a request sent before the last refresh needs no new refresh: the generation has already moved on.",
      "Runs as the session actor's `tokenRefresh` child while a session lasts (docs/machines/session.md), which provides its effects: `storeTokens` (the new access and refresh tokens), `clearAuthState` and `reloadPage` (failed refresh only). Sign-out stops it; `session.ended` just ends the machine; sign-out does its own clearing.",
    ],
    source: "machines/shared/session/token-refresh.machine.ts",
    machine: tokenRefreshMachine,
  },
  {
    path: "docs/machines/idle-sign-off.md",
    title: "Idle sign-off",
    summary:
      "Signs an unattended session out: 29 minutes after the last use of the page a warning offers to stay signed in; unanswered for 60 seconds, the session is signed out. While the person is active, a keep-alive refresh keeps the server's idle clock in step.",
    notes: [
      "Runs only while the session is fully authenticated (ui/session/idle-sign-off.tsx). `activity.seen` comes from pointer, key, wheel and touch events and throttled pointer moves and scrolls; the warning ignores it, so only `idle.stay` (Stay signed in, Escape) or `idle.signOut` (Sign out now) answer it.",
      "Actors (provided by the app): `keepAlive` (a token refresh through the token-refresh port; rejects when the session is over) and `signOut` (the app's sign-out, given `{ reason }`: `idle`, `chosen` or `sessionLost`; `idle` leaves a message for the sign-in page).",
      "The keep-alive runs at most once per `keepAliveInterval` (5 min), on the first activity after a quiet interval or at the end of an interval that saw activity, so the server's last activity is never older than the browser's. A failed keep-alive means the server already ended the session: sign-out follows.",
      "`session.ended` (sign-out elsewhere, a failed refresh, a 401) ends the machine without a second sign-out; a sign-out already running still finishes. Delays and lengths come from domain/shared/session/idle-policy.ts, which the server's AUTH_POLICY.idleTimeoutMs also reads.",
    ],
    source: "machines/shared/session/idle-sign-off.machine.ts",
    machine: idleSignOffMachine,
  },
  {
    path: "docs/machines/staff-patients.md",
    title: "Staff-assigned patient list, page by page",
    summary:
      "Loads the patients assigned to one SLP (patients/filtered-list-by-staff) ten at a time: page 1 at once, then each next page after a 5000 ms pause, until the last page (spec sections 4 and 9).",
    notes: [
      "Actor (provided by the app): `loadPage({ staffId, page, cursor? })`, the patients port's `listPatientsOfStaff`; a rejection is kept as an `AuthFailure` in `context.error`.",
      "Each next page is asked with the previous answer's `next_cursor` beside its number, so the server walks one page of its index instead of skipping every row before it (issue 36); without a cursor the page number alone asks.",
      "The spec's 5000 ms delay is read as a pause before each next page: page 1 is asked at once, so the list does not open on five seconds of nothing.",
      "Rows are appended page after page; `count` and `totalPages` come from the latest answer. A failure stops the loading and keeps the rows; `retry` asks the same page again.",
      "Stopping the actor (the page unmounts) cancels the pause and the call in flight: no page is asked after that.",
    ],
    source: "machines/patients/staff-patients.machine.ts",
    machine: staffPatientsMachine,
  },
  ...SESSION_REVIEW_MACHINE_DOCS,
  {
    path: "docs/machines/patient-edit.md",
    title: "Patient editing",
    summary:
      "Saves the edit of a patient's record with the version the form was filled from; when someone else changed the patient meanwhile, reads the stored record and lets the person see it or save their changes again, without losing what they typed.",
    notes: [
      "Built by `createRecordEditMachine` (machines/shared/record-edit.machine.ts), like the note and template editors. Input: `{ record }`, the patient as the form was filled. Events: `edit.save { draft: { body, draft } }` (the changed fields and the form as typed), `conflict.reload`, `conflict.reapply`.",
      "Actors (provided by the page from the patients port): `saveRecord({ record, draft })`, PATCH patients/{id}/ with `draft.body` and If-Match `\"<record.version>\"`, and `loadRecord({ record })`, GET patients/{id}/. A rejection other than a stale version returns to `editing` with `failure` (the form puts it on its field).",
      "A 412 on `version` goes to `loadingCurrent`, then `conflict` with `current` (their record) and `mine` (the person's edit); the page shows each edited field with their value and yours (`patientConflict`). `conflict.reload` fills the form from the stored record; `conflict.reapply` sends the same body naming the new version (`patientEditOnCurrent`: the body holds only the person's fields), and may meet another conflict.",
    ],
    source: "machines/patients/patient-edit.machine.ts",
    machine: patientEditMachine,
  },
  {
    path: "docs/machines/patient-picker.md",
    title: "Patient picker",
    summary:
      "Holds the search and filters of a list of patients to choose from (the assign page's): the text as typed, the statuses, review states and exercise level to keep, and the page; any change of what is shown starts again from the first page.",
    notes: [
      "Lives in machines/shared and renders through `ui/forms/patient-picker.tsx`, a shared part any list of patients to choose from can use (the assign page's today). Input: the filters it starts with (the assign page: active patients only).",
      "Events: `search.change { text }` (kept as typed, spaces included; the list asks with it normalized and debounced by the page, `pickerQuery`), `filters.change { change }`, `page.go { page }` (refused unless a whole number from 1). One state: it decides nothing but what to ask the list for; the list is a cached query.",
    ],
    source: "machines/shared/patient-picker.machine.ts",
    machine: patientPickerMachine,
  },
  {
    path: "docs/machines/template-edit.md",
    title: "Exercise template editing",
    summary:
      "Saves the edit of an exercise template with the version the editor opened; when someone else changed the template meanwhile, reads the stored template and lets the person see it or save their name and levels again, without losing what they set.",
    notes: [
      "Built by `createRecordEditMachine` (machines/shared/record-edit.machine.ts). Input: `{ record }`, the template as opened. Events: `edit.save { draft }` (`{ name, levels }`, the levels ticked per game id), `conflict.reload`, `conflict.reapply`. Creating a template does not use it (nothing to conflict with).",
      "Actors (provided by the editor from the templates port): `saveRecord({ record, draft })`, PUT exercise-templates/{id}/ with the draft's name and `templateGamesFrom(games, levels, record)` and If-Match `\"<record.version>\"`, and `loadRecord({ record })`, GET exercise-templates/{id}/. Any other rejection returns to `editing` with `failure` (a refused name goes under the field).",
      "A 412 on `version` goes to `loadingCurrent`, then `conflict`; the editor lists the name and the games and forms the person changed (`templateConflict`, levels worded by `levelsSummary`). `conflict.reapply` carries the draft onto the stored template (`templateDraftOnCurrent`) and saves naming its version.",
    ],
    source: "machines/exercises/template-edit.machine.ts",
    machine: templateEditMachine,
  },
  {
    path: "docs/machines/game-selection.md",
    title: "Game selection",
    summary:
      "Picks the games to assign and their forms (spec sections 2, 4 and 5), shared by /exercises and /create/assign/: toggle a game, select or deselect all, clear, assign to one patient or to many; `assigning` is /create/assign/, entered only with a game picked.",
    notes: [
      "No actors: the catalogue is a cached query, and the page sends it as `games.loaded { games }` (`selectableGameOf` maps the wire's `levels_available`) whenever it changes; a reloaded catalogue drops picked games and forms at levels it no longer offers. Nothing can be picked before it arrives.",
      "Events: `game.toggle { gameId }`, `games.selectAll`, `games.deselectAll`, `selection.clear`, `patient.assignIndividually { patientId }`, `patient.assignToMany`, `form.add { gameId }`, `form.remove { gameId, formId }`, `form.change { gameId, formId, field, value }`, `assign.start`, `assign.back`. A refused event is not taken, so `snapshot.can(event)` enables each control; there is no refusal message.",
      "Rules (domain/exercises/game-selection.ts, game-forms.ts): a picked game starts with one form at its easiest offered level and toggling it off drops its forms; select all keeps the forms already set up; deselect all keeps the individual patient, clear forgets it too. A new form takes the first free level and is refused once every offered level is used; a form's difficulty moves only among `choicesFor` (the game's levels less those its other forms use); the last form of a game is not removed (deselect the game instead).",
      "Doses (`amountChallenges`, `amountTrials`, `minRepetitionsPerDay`, `maxRepetitionsPerDay`) arrive as the typed text and are kept as a plain non-negative number or null (empty, `abc`, `-1`, `1e2`); `unlimited` is a boolean. Each game's file-configuration limits are not checked here: the server enforces them when the assignment is saved.",
      "A template chosen to assign as it is (`template.choose { template: { id, name, gameCount } }` from its row on the templates page or the assign page's select, `template.drop`) is a selection too: `assign.start` needs a picked game or a chosen template, and `assigning` is left when neither remains. `selection.clear` and `patient.assignIndividually` forget it.",
      "`patient.assignIndividually` (from a patient's record) starts a clean selection for that patient; sent again for the same patient it keeps the selection. `patient.assignToMany` keeps the picked games.",
      "/create/assign/ guards on `snapshot.matches(\"assigning\")` (with the assignGame permission), else redirects to /exercises: deselecting the last game, clearing, another patient or a catalogue without the games there returns to `selecting` by itself. Leaving the page should send `assign.back`, and a saved assignment `selection.clear`.",
      "Selectors (machines/exercises/game-selection.selectors.ts): `selectedCount`, `assignableCount` (the route guard's count: a chosen template's games, else the picked ones), `chosenTemplate`, `isSelected`, `allSelected`, `formsOf`, `choicesFor`, `canAddFormTo`, `individualPatientId`; what to save is `context.selection`.",
    ],
    source: "machines/exercises/game-selection.machine.ts",
    machine: gameSelectionMachine,
  },
  {
    path: "docs/machines/assign-flow.md",
    title: "Assigning exercises",
    summary:
      "The /create/assign/ flow beside the game selection: the patients chosen, Assign checking the doses and the request rules before anything is sent, then POST assignments/ as an invoked actor.",
    notes: [
      "Events: `patients.change { chosen }` (id → name), `forms.invalid { errors }` (Save as template found doses to fix), `assign { facts, patient }`: `facts` are the selection, the levels' limits and the chosen template (with its games once loaded); `patient` the one patient of an individual assignment, else the chosen ones are assigned.",
      "`assign` runs `assignSubmission` (machines/exercises/assign-submission.ts): the doses (`assignmentDraft`), then domain/exercises/assignment-request-rules.ts (at least one patient, exactly one of games and template, no patient twice, something to assign: the rules POST assignments/ applies too) and the size cap (patients × forms). Anything to fix stays in `editing` with `errors`, `patientError` or `formError`; else `submitting`.",
      "Actor (provided by the page from the assignment port): `assign(body)`, POST assignments/. A rejection returns to `editing` with `failure`; the answer runs the page's `assigned(answer)` action (refresh the patients, announce, leave, clear the selection) and ends in `assigned`.",
    ],
    source: "machines/exercises/assign-flow.machine.ts",
    machine: assignFlowMachine,
  },
  {
    path: "docs/machines/save-as-template.md",
    title: "Saving the assign page's forms as a template",
    summary: "\"Save as template\" on /create/assign/: the name rules and the forms checked before any call, then POST exercise-templates/ as an invoked actor.",
    notes: [
      "Events: `name.change { name }`, `save { draft }` (the forms as `assignmentDraft` reads them now). A name the rules refuse (`validateConfigurationName`: ERROR_003 / ERROR_004 words) goes to `nameError`; the page's `formsInvalid(draft)` action shows the doses to fix, on every save.",
      "Actor (provided by the page from the templates port): `create(body)`, POST exercise-templates/; its answer runs the page's `saved(name)` action (a toast), a rejection keeps the name with `failure`.",
    ],
    source: "machines/exercises/save-as-template.machine.ts",
    machine: saveAsTemplateMachine,
  },
  ...BILLING_MACHINE_DOCS,
  {
    path: "docs/machines/create-form.md",
    title: "Create form (the time-entry and call forms of the time log)",
    summary:
      "A form that creates something (or sends one change) in one call: the fields as typed from the form's defaults, checked by the domain before any call, then the page's submit; a refusal naming a field goes under it. Shown here as the time-entry form; the call form is the same factory (`machines/billing/time-log-forms.machine.ts`).",
    notes: [
      "Input: `{ draft }`, the form's defaults: a new time entry starts at now on the institution's clocks, a new call on the institution's today (`newEntryDraft`, `newCallDraft`; the zone is the data days' `time_zone`). Events: `form.change { field, value }` (clears that field's message), `form.submit { now }` (the page's clock; machines read none).",
      "`form.submit` runs the domain's check (`checkEntry` / `checkCall`, the server's: the log window of domain/billing/log-window.ts, this month or last and never ahead of now, on the institution's calendar); a problem stays in `filling` with `errors` by field and no call.",
      "Actor (provided by the page): `submitForm({ draft, value, basis })`, POST patients/{id}/rtm/time-entries/ or a PATCH of the corrected entry, POST patients/{id}/rtm/calls/. Its answer goes through `sent` to `done` with `created` (the page confirms and closes the form); a refusal naming a field (`start` → the date, `minutes`, `participants`, …) returns to `filling` with the catalogue message under it, any other (a stale version, 409 on a locked month) with `failure`, everything typed kept. Typing goes on while the submit is out.",
      "What other forms of the factory add (the patient, SLP and profile forms, machines/patients, machines/slps, machines/account): input `{ draft, basis }`, what the form was opened on (the record an edit changes), which the check and the submit are given; `edit` and `asTyped` (a picked country empties the state and city, the postal code is checked as typed); `unchanged` (an edit that changes nothing calls nothing and sets `unchanged`, for the page to say so); `form.send { value }`, a value the page made itself, sent unchecked (Remove phone number); `refill` (the profile form stays open: `sent` starts `filling` again from the answer).",
    ],
    source: "machines/shared/create-form.machine.ts",
    machine: createTimeEntryFormMachine({ timeZone: "America/New_York", correcting: false }),
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
