/**
 * The error catalogue of spec section 8: every failure the portal shows or the server answers
 * carries one of these codes. Messages may hold `{field_name}` and `{status}` placeholders.
 */
export const ERROR_MESSAGES = {
  ERROR_001: "An error occurred",
  ERROR_002: "The phone number is not valid",
  ERROR_003: "The {field_name} is required",
  ERROR_004: "too short",
  ERROR_005: "The username or password is incorrect",
  ERROR_006: "The password must be at least 8 characters long",
  ERROR_007: "The provided password did not meet the required criteria",
  ERROR_008: "The passwords do not match",
  ERROR_009: "The authentication method is not supported",
  ERROR_010: "The new password cannot be the same as the old password",
  ERROR_011: "You are not allowed to change the password",
  ERROR_012: "The maximum number of attempts has been reached",
  ERROR_013: "No phone number provided",
  ERROR_014: "OTP creation failed",
  ERROR_015: "User already confirmed OTP method",
  ERROR_016: "No MFA method provided",
  ERROR_017: "The OTP method is not configured",
  ERROR_018: "No OTP code provided",
  ERROR_019: "The OTP code is invalid",
  ERROR_020: "The email domain is not allowed",
  ERROR_021: "The phone number already exists",
  ERROR_022: "The email does not belong to the institution",
  ERROR_023: "The domain format is invalid",
  ERROR_024: "The name already exists",
  ERROR_025: "The role does not exist",
  ERROR_026: "One or more members do not belong to the role",
  ERROR_027: "One or more members do not belong to the institution",
  ERROR_028: "The requested user was not found",
  ERROR_029: "The user already belongs to the organization",
  ERROR_030: "The requested {field_name} was not found",
  ERROR_031: "The {field_name} already exists",
  ERROR_033: "Surveys cannot be archived",
  ERROR_034: "Start date cannot be greater than end date",
  ERROR_035: "End date cannot be set without start date",
  ERROR_036: "Is always active cannot be set with end date",
  ERROR_037: "Is always active cannot be false with start date and no end date",
  ERROR_038: "Title is required for {field_name} question",
  ERROR_039: "Description is not required for {field_name} question",
  ERROR_040: "Description is required for {field_name} question",
  ERROR_041: "Extra details is not required for {field_name} question",
  ERROR_042: "Text is not required for {field_name} question",
  ERROR_043: "Message is not required for {field_name} question",
  ERROR_044: "The file format is not allowed",
  ERROR_045: "The file size is too large",
  ERROR_046: "Failed to upload file",
  ERROR_047: "New email and old email are equal",
  ERROR_048: "Groups must belong to the same institution",
  ERROR_049: "Groups cannot be assigned to themselves",
  ERROR_050: "The action is not allowed for the current status: {status}",
  ERROR_051: "The {field_name} is not required",
  ERROR_052: "The choice is not valid",
  ERROR_053: "You cannot change the email with the current status",
  ERROR_054: "The date of birth is invalid",
  ERROR_056: "The field is not valid",
  ERROR_075: "You do not have permission to create this element",
  ERROR_076: "Invalid zip code format. Use 12345 or 12345-6789",
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as readonly ErrorCode[];

/** Messages of spec section 8 that are not catalogue codes but are shown to people verbatim. */
export const OTHER_MESSAGES = {
  networkResponseNotOk: "Network response was not ok",
  errorDownloadingFile: "Error downloading file",
  invalidUrl: "Invalid URL",
  downloadAborted: "The download was cancelled",
  unsupportedGameType: "Unsupported game type",
  unexpectedApplicationError: "Unexpected Application Error!",
} as const;

/** 'Invalid <Game> session': shown when a session's type does not match the view it was opened in. */
export const invalidGameSessionMessage = (gameName: string): string => `Invalid ${gameName} session`;

/** A code is in the catalogue exactly when the spec lists it; anything else is shown as ERROR_001. */
export const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === "string" && Object.hasOwn(ERROR_MESSAGES, code);

export type Placeholders = { readonly field_name?: string; readonly status?: string };

/** The catalogue message for a code, with its placeholders filled; unknown codes read as ERROR_001. */
export const catalogueMessage = (code: string, placeholders: Placeholders = {}): string => {
  const template: string = isErrorCode(code) ? ERROR_MESSAGES[code] : ERROR_MESSAGES.ERROR_001;
  // Replacer functions: a replacement string would read `$$`, `$&` and the like in a value as patterns.
  const fieldName = placeholders.field_name ?? "field";
  const status = placeholders.status ?? "unknown";
  return template.replaceAll("{field_name}", () => fieldName).replaceAll("{status}", () => status);
};

/** Server messages are cleaned before display: asterisks removed, lower-cased, first letter capitalised. */
export const cleanServerMessage = (message: string): string => {
  const lowered = message.replaceAll("*", "").trim().toLowerCase();
  return lowered.length === 0 ? lowered : lowered.charAt(0).toUpperCase() + lowered.slice(1);
};

/** HTTP 429 always reads as ERROR_012, whatever body came with it; an unknown code reads as ERROR_001. */
export const codeForResponse = (httpStatus: number, code: unknown): ErrorCode =>
  httpStatus === 429 ? "ERROR_012" : isErrorCode(code) ? code : "ERROR_001";
