import { isApiFailure } from "../../adapters/shared/api-failure.ts";
import { catalogueMessage } from "../../domain/shared/error-catalogue.ts";

/** The message to show for a failed call: the adapter's catalogue message, else ERROR_001's. */
export const failureMessage = (error: unknown): string =>
  isApiFailure(error) ? error.message : catalogueMessage("ERROR_001");
