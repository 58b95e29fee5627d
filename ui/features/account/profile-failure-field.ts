import { isApiFailure } from "../../../adapters/shared/api-failure.ts";
import type { ProfileField } from "../../../domain/account/profile-form.ts";

const isProfileField = (field: string | undefined): field is ProfileField =>
  field === "first_name" || field === "last_name" || field === "phone";

/** Which field a refused save belongs to: the server's own field, else the phone for phone codes; null for the alert. */
export const profileFieldOf = (error: unknown): ProfileField | null => {
  if (!isApiFailure(error)) return null;
  if (isProfileField(error.field)) return error.field;
  if (error.code === "ERROR_002" || error.code === "ERROR_021") return "phone";
  return null;
};
