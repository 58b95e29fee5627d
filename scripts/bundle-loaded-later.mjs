// The lazy chunks the bundle report (bundle-report.mjs) counts as loaded after a route's heading.
// Apart from the report so each stays readable; the report re-exports it.

/** A route's arrival reads' module (ui/app/prefetch/, named by ui/app/prefetched-routes.ts), by its source path. */
export const ARRIVAL_READS = /(^|\/)ui\/app\/prefetch\//;

/** A lazily loaded page module (what a route shows), by its source path. */
export const LAZY_PAGE = /(^|\/)ui\/features\/[^/]+\/[^/]+-page(-by-role)?\.tsx$/;

/**
 * The lazy chunks a route's code asks for later than its heading, by source, each with when (issue
 * 35). Every other dynamic import a route's files make counts as loaded before the heading: a new
 * lazy import counts until it is named here, which is right only when the code truly waits (a
 * navigation, an action, or ui/kit/after-heading.tsx, which asks after the heading's commit).
 */
export const LOADED_LATER = [
  { source: LAZY_PAGE, when: "another page: on navigation (a route's own page is in its lazySources)" },
  { source: /(^|\/)ui\/app\/signed-in-routes\.tsx$/, when: "the signed-in area: after sign-in (a signed-in route's lazySources)" },
  { source: /(^|\/)ui\/session\/idle-sign-off-session\.tsx$/, when: "the idle sign-off: after the first page's heading (ui/shell/after-first-page-heading.tsx)" },
  { source: /(^|\/)ui\/features\/chat\/chat-live-stream\.tsx$/, when: "the chat's live stream: after the first page's heading (ui/shell/after-first-page-heading.tsx)" },
  { source: ARRIVAL_READS, when: "another route's arrival reads (a route's own are in its lazySources)" },
  { source: /(^|\/)ui\/feedback\/toast-region\.tsx$/, when: "the toast region: with the first toast" },
  { source: /(^|\/)ui\/features\/session-review\/note-forms\.ts$/, when: "a session's note forms: asked for after the page has committed, shown on Add note or Edit note (attempt-notes.tsx)" },
  { source: /(^|\/)ui\/features\/session-review\/attempt-editor\.tsx$/, when: "a session's attempt editor and its editing machine: asked for as the page first draws a session, in a Suspense boundary of their own that the heading does not wait for; the form shows on Edit (deferred-attempt-editing.tsx)" },
  { source: /(^|\/)ui\/features\/session-review\/review-shortcuts-help\.tsx$/, when: "a session's keyboard shortcuts help: asked for after the page has committed, shown on ? or its button (session-detail-page.tsx)" },
  { source: /(^|\/)ui\/kit\/modal-dialog-body\.tsx$/, when: "a modal dialog's body: asked for after the commit of the page that holds it, shown on open (ui/kit/dialog.tsx)" },
  { source: /(^|\/)ui\/features\/patients\/patient-edit-section\.tsx$/, when: "the patient's edit form: on Edit" },
  { source: /(^|\/)ui\/features\/mobile\/index\.ts$/, when: "the record's app section: AfterHeading" },
  { source: /(^|\/)ui\/features\/billing\/index\.ts$/, when: "the work timer, the record's monitoring section, the supply-kind notice: AfterHeading" },
  { source: /(^|\/)ui\/features\/communication-ratings\/index\.ts$/, when: "the record's communication ratings section: AfterHeading" },
  { source: /(^|\/)ui\/features\/session-review\/copy-note\.tsx$/, when: "Copy note of a reviewed session: AfterHeading" },
  { source: /(^|\/)ui\/features\/goals\/index\.ts$/, when: "the record's Goals section (issue 37): AfterHeading" },
  { source: /(^|\/)ui\/kit\/(combo-box|date)-field-body\.tsx$/, when: "a combo box's or date field's React Aria parts: after the heading's commit, a read-only placeholder holds the place (ui/kit/lazy-field.ts)" },
  { source: /(^|\/)ui\/features\/progress-reports\/index\.ts$/, when: "the record's Progress reports section and the SLP dashboard's reports due (issue 37): AfterHeading" },
  { source: /(^|\/)ui\/forms\/phone-library\.ts$/, when: "the phone-number library: asked for after the commit of a form with a phone field, awaited by its submit (ui/forms/phone-numbers.ts)" },
  { source: /(^|\/)ui\/features\/account\/security-tab\.tsx$/, when: "Settings' Security tab: on that tab, after the page's heading and tabs (settings-page.tsx)" },
  { source: /(^|\/)ui\/features\/audit\/index\.ts$/, when: "the administrator dashboard's last audit log review (issue 38): AfterHeading" },
];

/** Whether a module (by its id: a path, Windows' separators too) is one LOADED_LATER names. */
export const isLoadedLater = (id) => LOADED_LATER.some(({ source }) => source.test(id.replaceAll("\\", "/")));
