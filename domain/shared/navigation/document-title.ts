import { type BreadcrumbFacts, DETAIL_FALLBACK, EXERCISE_FALLBACK } from "./breadcrumbs.ts";
import type { RouteDeclaration } from "./route-declaration.ts";

/** Between the parts of a document title: the record, its kind, the product. */
export const TITLE_SEPARATOR = " – ";

/**
 * The page's part of the document title (WCAG 2.4.2: tabs, history and screen readers tell pages
 * apart). A page about one record names it first, as its h1 does, then its kind: "Abigail Sanchez
 * – Patient", "Profile – Settings". A route's own `documentTitle` decides where its trail step is
 * not the name (a session reads by game and time); otherwise a step that names the record (a
 * function of the facts) is used once the record is known. Until then, or for any other page,
 * the declared title.
 */
export const pageTitleOf = (declaration: Pick<RouteDeclaration, "title" | "crumb" | "documentTitle">, facts: BreadcrumbFacts | undefined): string => {
  if (facts === undefined) return declaration.title;
  if (declaration.documentTitle !== undefined) return declaration.documentTitle(facts) ?? declaration.title;
  const { label } = declaration.crumb;
  if (typeof label !== "function") return declaration.title;
  const named = label(facts).trim();
  return named === "" || named === DETAIL_FALLBACK || named === EXERCISE_FALLBACK ? declaration.title : `${named}${TITLE_SEPARATOR}${declaration.title}`;
};
