import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { checkReviewDraft, newReviewDraft } from "./audit-review-form.ts";
import { checkFilterDraft, eventsQueryOf, filterDraftOf, pageNumberOf, patientAccessSearch, searchOfView, viewAtPage, viewFromParams, withFilters } from "./audit-view.ts";

const params = (search: string) => [...new URLSearchParams(search).entries()];

describe("the /audit page's address", () => {
  it("reads filters, order, page and report, dropping what does not read", () => {
    const view = viewFromParams(params("patient=42&user=x&action=auth.password&outcome=maybe&from=2026-01-01&sort=ip&direction=asc&after=10.0.0.1~55&after=bad&after=10.0.0.2~9&report=patient-access"));
    expect(view).toEqual({ filters: { patient: 42, action: "auth.password", from: "2026-01-01" }, sort: "ip", direction: "asc", pages: ["10.0.0.1~55", "10.0.0.2~9"], report: "patient-access" });
    expect(eventsQueryOf(view)).toEqual({ patient: "42", action: "auth.password", from: "2026-01-01", sort: "ip", direction: "asc", after: "10.0.0.2~9" });
    expect(viewFromParams([])).toEqual({ filters: {}, sort: "time", direction: "desc", pages: [], report: null });
  });

  test.prop([fc.record({ patient: fc.option(fc.integer({ min: 1, max: 99999 }), { nil: undefined }), ip: fc.option(fc.constantFrom("10.0.0.1", "::1"), { nil: undefined }) }), fc.constantFrom("time", "person", "ip"), fc.constantFrom("asc", "desc")])(
    "writes a view to an address it reads back the same, a new filter going back to the first page",
    (picked, sort, direction) => {
      const filters = Object.fromEntries(Object.entries(picked).filter(([, value]) => value !== undefined));
      const view = { filters, sort, direction, pages: ["x~1", "y~2"], report: null } as const;
      expect(viewFromParams(params(searchOfView(view)))).toEqual(view);
      expect(withFilters(view, {}).pages).toEqual([]);
      expect(pageNumberOf(view)).toBe(3);
      expect(viewAtPage(view, 4, "z~3").pages).toEqual(["x~1", "y~2", "z~3"]);
      expect(viewAtPage(view, 2, "z~3").pages).toEqual(["x~1"]);
      expect(viewAtPage(view, 1, null).pages).toEqual([]);
      expect(eventsQueryOf(withFilters(view, {}))).toEqual({ ...(sort === "time" ? {} : { sort }), ...(direction === "desc" ? {} : { direction }) });
    },
  );

  it("checks the filter form as the server does, blanks filtering nothing", () => {
    const blank = filterDraftOf({});
    expect(checkFilterDraft({ ...blank, patient: " 42 ", from: "2026-01-01", to: "2026-01-31" })).toEqual({ ok: true, value: { patient: 42, from: "2026-01-01", to: "2026-01-31" } });
    const bad = checkFilterDraft({ ...blank, user: "ada", ip: "here", from: "2026-02-01", to: "2026-01-01" });
    expect(bad.ok ? [] : Object.keys(bad.errors).sort()).toEqual(["from", "ip", "user"]);
  });

  it("applies the person and patient chosen in the pickers by id, and refuses a name typed but not chosen, naming it", () => {
    const blank = filterDraftOf({ user: 31 });
    expect(blank).toMatchObject({ user: "31", userText: "", patient: "", patientText: "" });
    // Chosen: the text is the chosen one's label, the id is what applies.
    expect(checkFilterDraft({ ...blank, userText: "Ada Lee (SLP)", patient: "44", patientText: "Ann Patient (patient 44)" })).toEqual({ ok: true, value: { user: 31, patient: 44 } });
    const typed = checkFilterDraft({ ...blank, user: "", userText: " Zed ", patientText: "Nobody" });
    expect(typed.ok ? {} : typed.errors).toEqual({
      user: "No person chosen for “Zed”: type part of a name and choose one from the list",
      patient: "No patient chosen for “Nobody”: type part of a name or the number and choose one from the list",
    });
  });

  it("opens the sign-off on last week and refuses a period not over, too long or upside down", () => {
    const draft = newReviewDraft("2026-11-30");
    expect(draft).toEqual({ period_start: "2026-11-23", period_end: "2026-11-29", notes: "" });
    expect(checkReviewDraft({ ...draft, notes: " ok " }, "2026-11-30")).toEqual({ ok: true, value: { ...draft, notes: "ok" } });
    const fields = (draft2: typeof draft) => {
      const checked = checkReviewDraft(draft2, "2026-11-30");
      return checked.ok ? [] : Object.keys(checked.errors);
    };
    expect(fields({ ...draft, period_end: "2026-12-01" })).toEqual(["period_end"]);
    expect(fields({ ...draft, period_start: "2026-10-01" })).toEqual(["period_end"]);
    expect(fields({ ...draft, period_start: "2026-11-29", period_end: "2026-11-23" })).toEqual(["period_start"]);
    expect(fields({ period_start: "", period_end: "", notes: "" })).toEqual(["period_start", "period_end"]);
  });
});

describe("the patient record's way to who accessed it", () => {
  it("opens the report on the patient", () => {
    expect(patientAccessSearch(42)).toBe("?patient=42&report=patient-access");
    expect(viewFromParams(params(patientAccessSearch(42)))).toMatchObject({ filters: { patient: 42 }, report: "patient-access" });
  });
});
