import * as Schema from "effect/Schema";

// The cursors a page answers, as the client reads them: opaque text it sends back as it came, so
// only its alphabet and length are checked here; the server reads it when it comes back
// (page-cursor.ts, parseCursor). Apart from page-cursor.ts because every list's wire imports these
// fields, the dashboard's among them, and the cursor's base64url decoding (effect's encoding
// module, about 1 kB gzip) then rode in the sign-in download (issue 35).

/** The longest cursor text: bounds what a crafted one can make the query hold. */
export const MAX_CURSOR_LENGTH = 1200;

/** Base64url, as every cursor is written. */
export const CURSOR_ALPHABET = /^[A-Za-z0-9_-]+$/;

const AnsweredCursor = Schema.String.check(
  Schema.isMaxLength(MAX_CURSOR_LENGTH),
  Schema.isPattern(CURSOR_ALPHABET, { expected: "a list's cursor (base64url)" }),
);

/** The two cursors a page answers (absent on lists that have none). */
export const cursorAnswerFields = {
  next_cursor: Schema.optionalKey(Schema.NullOr(AnsweredCursor)),
  prev_cursor: Schema.optionalKey(Schema.NullOr(AnsweredCursor)),
};
