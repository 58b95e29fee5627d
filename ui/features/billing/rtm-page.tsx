import { monthLabel } from "../../../domain/shared/calendar/labels.ts";
import { shiftMonth } from "../../../domain/shared/calendar/months.ts";
import { useSearchParams } from "wouter";
import type { RtmListAsk } from "../../../adapters/billing/index.ts";
import type { StripDay } from "../../../domain/billing/data-days-panel.ts";
import {
  codesOf,
  dataDaysOf,
  isMonthText,
  lastCallOf,
  minutesOf,
  periodDates,
  periodStrip,
  statusOf,
} from "../../../domain/billing/rtm-list-view.ts";
import type { RtmOrdering, RtmRow } from "../../../domain/billing/rtm-list-wire.ts";
import { isBillingStatus, STATUS_CHOICES, statusProgressText } from "../../../domain/billing/rtm-status-view.ts";
import type { SortState } from "../../../domain/shared/format/sort-state.ts";
import { hrefFor } from "../../../domain/routes.ts";
import { countOf, NOUNS } from "../../../domain/shared/format/plural.ts";
import type { StaffId } from "../../../domain/shared/ids.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { Button } from "../../kit/button.tsx";
import { type DataColumn, DataTable } from "../../kit/data-table.tsx";
import { Pager } from "../../kit/pager.tsx";
import { cursorFromAddress, cursorToward } from "../../../domain/shared/wire/page-cursor.ts";
import { PersonCell } from "../../kit/person-cell.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { SelectField } from "../../kit/select-field.tsx";
import { MonthEndLink } from "./month-end-link.tsx";
import { SupplyKindNotice } from "./supply-kind-notice.tsx";
import * as stripStyles from "./patient-billing.css.ts";
import * as styles from "./rtm-page.css.ts";
import { useRtmList, useRtmSlps } from "./use-rtm-list.ts";

const ALL_SLPS = "all";
const ALL_STATUSES = "all";
const ORDERINGS: readonly RtmOrdering[] = ["name", "-name", "status", "-status"];

const orderingOf = (text: string | null): RtmOrdering => ORDERINGS.find((ordering) => ordering === text) ?? "name";

/** The table's sorted header for an ordering, and back: Patient sorts by name, Status by status. */
const sortOf = (ordering: RtmOrdering): SortState => ({
  column: ordering.endsWith("status") ? "status" : "patient",
  direction: ordering.startsWith("-") ? "descending" : "ascending",
});
const orderingFrom = (sort: SortState): RtmOrdering =>
  sort.column === "status" ? (sort.direction === "descending" ? "-status" : "status") : sort.direction === "descending" ? "-name" : "name";

/** The page number in the address; anything but a whole number from 1 is page 1. */
const pageOf = (text: string | null): number => {
  const page = Number(text);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

const slpOf = (text: string | null): StaffId | null => {
  const id = Number(text);
  return Number.isInteger(id) && id >= 1 ? (id as StaffId) : null;
};

function DayStrip({ row, today }: { readonly row: RtmRow; readonly today: string }) {
  const strip = periodStrip(row, today);
  if (strip.length === 0) return null;
  return (
    <ol className={stripStyles.strip} aria-label={`${row.patient.first_name} ${row.patient.last_name}'s days, ${periodDates(row)}`}>
      {strip.map((day) => (
        <DaySquare key={day.day} day={day} />
      ))}
    </ol>
  );
}

function DaySquare({ day }: { readonly day: StripDay }) {
  const look = day.when === "future" ? stripStyles.day.future : day.sessions > 0 ? stripStyles.day.data : stripStyles.day.empty;
  return (
    <li aria-label={day.label} title={day.label} className={day.when === "today" ? `${look} ${stripStyles.today}` : look}>
      <span aria-hidden="true">{day.sessions > 0 ? day.sessions : ""}</span>
    </li>
  );
}

const columnsFor = (today: string): readonly DataColumn<RtmRow>[] => [
  {
    key: "patient",
    header: "Patient",
    isRowHeader: true,
    sortable: true,
    cell: (row) => <PersonCell firstName={row.patient.first_name} lastName={row.patient.last_name} href={hrefFor("patient-detail", { id: row.patient.id })} />,
  },
  { key: "slp", header: "SLP", cell: (row) => row.slp?.name ?? "none" },
  {
    key: "days",
    header: "Data days",
    cell: (row) => (
      <span className={styles.dataDays}>
        <span>{dataDaysOf(row)}</span>
        <DayStrip row={row} today={today} />
      </span>
    ),
  },
  { key: "minutes", header: "Minutes this month", numeric: true, cell: minutesOf },
  { key: "call", header: "Last call", cell: lastCallOf },
  { key: "codes", header: "Codes so far", cell: codesOf },
  { key: "status", header: "Status", sortable: true, cell: statusOf },
];

// /rtm (issue 24, "Screens"): the caller's patients (an SLP's caseload, an administrator's
// institution) with the month's remote-monitoring billing, sorted by name or status (the Patient and
// Status headers), filtered by SLP and status. The address holds the month, the SLP, the status, the
// order and the page; every fact is words (the strip's squares are named day by day), so nothing
// rests on colour. While the server is still working out statuses, the polite status region says
// how far it got and the list asks again.
export function RtmPage({ user }: { readonly user: CurrentUser }) {
  const [params, setParams] = useSearchParams();
  const isSlp = user.role.code_name === "staff";
  const monthParam = params.get("month");
  const statusParam = params.get("status");
  const page = pageOf(params.get("page"));
  const ask: RtmListAsk = {
    month: isMonthText(monthParam) ? monthParam : null,
    page,
    // The key cursor Next or Previous followed: the page is a seek, however deep; a link with a page number alone still opens it.
    cursor: page === 1 ? undefined : cursorFromAddress(params.get("cursor")),
    slp: isSlp ? null : slpOf(params.get("slp")),
    ordering: orderingOf(params.get("ordering")),
    status: isBillingStatus(statusParam) ? statusParam : null,
  };
  const show = (next: RtmListAsk) =>
    setParams(
      new URLSearchParams([
        ...(next.month === null ? [] : [["month", next.month]]),
        ...(next.slp === null ? [] : [["slp", String(next.slp)]]),
        ...(next.status === null ? [] : [["status", next.status]]),
        ...(next.ordering === "name" ? [] : [["ordering", next.ordering]]),
        ...(next.page === 1 ? [] : [["page", String(next.page)]]),
        ...(next.page === 1 || next.cursor === undefined ? [] : [["cursor", next.cursor]]),
      ]),
      { replace: true },
    );

  const query = useRtmList(ask);
  const slps = useRtmSlps(!isSlp);
  const data = query.data;
  const month = ask.month ?? data?.month ?? null;
  const progress = data === undefined ? null : statusProgressText(data.statuses_pending, data.statuses_total);
  const status =
    query.isPending || query.isPlaceholderData
      ? "Loading the month…"
      : data === undefined
        ? ""
        : `${countOf(data.count, NOUNS.patient)}${progress === null ? "" : `. ${progress}`}`;
  const statusOptions = [{ id: ALL_STATUSES, label: "All statuses" }, ...STATUS_CHOICES];
  const slpOptions = [{ id: ALL_SLPS, label: "All SLPs" }, ...(slps.data ?? []).map((slp) => ({ id: String(slp.id), label: slp.name }))];

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Billing</h1>
      <p className={styles.lead}>Remote therapeutic monitoring: each patient's data days, minutes, last call and what the month still needs.</p>
      <div className={styles.controls}>
        <div className={styles.month} role="group" aria-label="Month">
          <Button variant="secondary" isDisabled={month === null} onPress={() => month !== null && show({ ...ask, month: shiftMonth(month, -1), page: 1 })}>
            Previous month
          </Button>
          <p className={styles.monthName} aria-live="polite">
            {month === null ? "" : monthLabel(month)}
          </p>
          <Button variant="secondary" isDisabled={month === null} onPress={() => month !== null && show({ ...ask, month: shiftMonth(month, 1), page: 1 })}>
            Next month
          </Button>
        </div>
        {isSlp ? null : (
          <SelectField
            label="SLP"
            options={slpOptions}
            value={ask.slp === null ? ALL_SLPS : String(ask.slp)}
            onChange={(id) => show({ ...ask, slp: id === ALL_SLPS ? null : slpOf(id), page: 1 })}
          />
        )}
        <SelectField
          label="Status"
          options={statusOptions}
          value={ask.status ?? ALL_STATUSES}
          onChange={(id) => show({ ...ask, status: isBillingStatus(id) ? id : null, page: 1 })}
        />
        {month === null ? null : <MonthEndLink month={month} />}
      </div>
      <QueryStatus query={query} loading="Loading the month…" status={status} busy={query.isPending || query.isPlaceholderData} />
      {data === undefined ? null : (
        <>
          {/* With the month's answer, below what was there before it: nothing on screen moves down (issue 35). */}
          {data.supply_kind_chosen ? null : <SupplyKindNotice user={user} />}
          <DataTable
            caption={`Billing for ${monthLabel(data.month)}`}
            columns={columnsFor(data.today)}
            rows={data.results}
            rowKey={(row) => row.patient.id}
            sort={sortOf(ask.ordering)}
            onSortChange={(sort) => show({ ...ask, ordering: orderingFrom(sort), page: 1 })}
            busy={query.isPlaceholderData}
            empty={progress === null ? "No patients in this list." : "No patients in this list so far."}
          />
          <Pager label="Billing pages" page={data.current_page} totalPages={data.total_pages} isLoading={query.isPlaceholderData} onPage={(next) => show({ ...ask, page: next, cursor: cursorToward(data, next) })} />
        </>
      )}
    </div>
  );
}
