import type { ReactNode } from "react";
import { AfterHeading } from "../kit/after-heading.tsx";
import { useFirstPageHeadingShown } from "./first-page-heading.ts";

/**
 * Renders its children once the first page of the visit has shown its heading, and then after
 * that commit (AfterHeading), so their lazy chunks are asked for after the heading is painted.
 * For what the signed-in area runs beside every page (the idle sign-off, the chat's stream);
 * scripts/bundle-report.mjs names the chunks loaded through here in LOADED_LATER.
 */
export function AfterFirstPageHeading({ children }: { readonly children: ReactNode }) {
  return useFirstPageHeadingShown() ? <AfterHeading>{children}</AfterHeading> : null;
}
