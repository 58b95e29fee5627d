import type { BreadcrumbItem } from "../../domain/navigation/breadcrumbs.ts";

/** "Back" and "Cancel" lead one step up the trail: the closest linked item before the current page. */
export const backHref = (items: readonly BreadcrumbItem[]): string =>
  items
    .slice(0, -1)
    .map((item) => item.href)
    .findLast((href) => href !== undefined) ?? "/dashboard";
