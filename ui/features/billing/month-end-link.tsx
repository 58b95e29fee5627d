import { hrefFor } from "../../../domain/routes.ts";
import { monthLabel } from "../../../domain/shared/calendar/labels.ts";
import { LinkButton } from "../../kit/link.tsx";

/** The /rtm page's way to the month-end summary of the month it shows (its lock, totals and CSV). */
export function MonthEndLink({ month }: { readonly month: string }) {
  return (
    <LinkButton variant="secondary" href={`${hrefFor("billing-month-end")}?month=${month}`}>
      Month-end for {monthLabel(month)}
    </LinkButton>
  );
}
