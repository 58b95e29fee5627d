// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import * as Schema from "effect/Schema";
import { getDefaultStore } from "jotai";
import { useLayoutEffect } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { currentUserWire } from "../../../adapters/shared/fixtures.test-helper.ts";
import { SESSION_DETAIL_EXAMPLES } from "../../../domain/session-review/attempt-mapping/session-detail-examples.fixtures.ts";
import { GameLevelId, GameSessionId, PatientId } from "../../../domain/shared/ids.ts";
import { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { reviewQueueKeys } from "../review-queue/index.ts";
import { reviewShortcutsEnabledAtom, useReviewShortcuts } from "./review-shortcuts.tsx";
import { SessionDetailPage } from "./session-detail-page.tsx";
import { failure, LEVEL, PATIENT, patientWire } from "./session-review.test-helper.tsx";

// The session page's part of the review queue (issue 23): previous/next pending session, the offer
// after a review mark, and the single-key shortcuts; the server is scripted at the HTTP port.

const currentApp = useSignedInApp();
afterEach(() => {
  getDefaultStore().set(reviewShortcutsEnabledAtom, true);
  localStorage.clear();
});

const SESSION = 101;
const slp = Schema.decodeUnknownSync(CurrentUser)({
  ...currentUserWire,
  permissions: { patient: ["list", "retrieve"], game_attempt: ["list", "retrieve", "partial_update"], slp_notes: ["list", "retrieve", "create", "partial_update"] },
});

const queued = (id: number, start: string, patient = PATIENT, correctable = 2) => ({ id, patient_id: patient, level_id: LEVEL, start_time: start, patient_name: "Ada Lovelace", game_name: "Naming", correctable_attempts: correctable });
const EARLIER = queued(90, "2026-02-01T09:00:00Z");
const LATER = queued(120, "2026-03-05T09:00:00Z");

const REVIEW = { reviewed_by: { id: 12, first_name: "Sophie", last_name: "Speech", email: "slp@demo.test" }, reviewed_at: "2026-03-01T10:00:00Z" };

type Step = { readonly session: ReturnType<typeof queued> | null; readonly pending: number };
type Queue = { readonly next: Step; readonly previous: Step; readonly first?: Step; readonly afterReview?: { readonly next: Step; readonly first?: Step } };

/** `held`: the walk's first step, once reviewed, is answered only when it settles (the offer is still being found until then). */
const serve = (queue: Queue, held?: Promise<void>) => {
  let reviewed = false;
  currentApp().harness.server.script(async (request) => {
    const url = new URL(request.url, "http://test");
    if (request.url === `/api/patients/${PATIENT}/`) return { status: 200, json: patientWire };
    if (request.url === `/api/patients/${PATIENT}/game-levels/`) return { status: 200, json: [{ id: LEVEL, game: { id: 3, type: "naming", name: "Naming" }, difficulty: "medium", assigned_at: "2026-01-02T10:00:00.000Z" }] };
    if (request.url === `/api/game-session/${SESSION}/detailed/`) {
      return { status: 200, json: { ...SESSION_DETAIL_EXAMPLES.naming, id: SESSION, patient_id: PATIENT, patient_game_level_id: LEVEL, review: reviewed ? REVIEW : null, ...(reviewed ? { version: 2 } : {}) } };
    }
    if (request.url === "/api/note-types/") return { status: 200, json: [] };
    if (url.pathname === "/api/review-queue/next/") {
      const now = reviewed && queue.afterReview !== undefined ? { ...queue, ...queue.afterReview } : queue;
      if (!url.searchParams.has("from")) {
        if (reviewed) await held;
        return { status: 200, json: now.first ?? { session: null, pending: 0 } };
      }
      return { status: 200, json: url.searchParams.get("direction") === "previous" ? now.previous : now.next };
    }
    if (request.method === "PUT" && request.url === `/api/game-session/${SESSION}/review/`) {
      reviewed = true;
      return { status: 200, json: { id: SESSION, reviewed: true, review: REVIEW, patient_reviewed_status: "reviewed", version: 2 } };
    }
    return { status: 404, json: failure };
  });
};
const queueCalls = () =>
  currentApp()
    .harness.server.requests.filter((request) => request.url.startsWith("/api/review-queue/next/"))
    .map((request) => Object.fromEntries(new URL(request.url, "http://test").searchParams));

const detailPath = (session: number, search = "") => `/details-panel/patient/${PATIENT}/level/${LEVEL}/trend/${session}${search}`;
const renderPage = (search = "") =>
  renderAt(currentApp(), detailPath(SESSION, search), <SessionDetailPage patientId={PatientId.make(PATIENT)} levelId={GameLevelId.make(LEVEL)} sessionId={GameSessionId.make(SESSION)} user={slp} />);

const press = (key: string, options: KeyboardEventInit = {}) => {
  act(() => {
    (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...options }));
  });
};

describe("the review queue on the session page", () => {
  it("links the patient's previous and next pending sessions and says how many wait", async () => {
    serve({ next: { session: LATER, pending: 3 }, previous: { session: null, pending: 3 } });
    renderPage();
    const nav = await screen.findByRole("navigation", { name: "Review queue" });
    await within(nav).findByText("3 sessions wait for review for this patient");
    expect((await within(nav).findByRole("link", { name: "Next pending session" })).getAttribute("href")).toBe(detailPath(LATER.id));
    expect(await within(nav).findByText("No earlier pending session")).toBeTruthy();
    expect(within(nav).queryByRole("link", { name: "Previous pending session" })).toBeNull();
    expect(queueCalls()).toEqual(
      expect.arrayContaining([
        { scope: "patient", patient: String(PATIENT), from: String(SESSION), direction: "next" },
        { scope: "patient", patient: String(PATIENT), from: String(SESSION), direction: "previous" },
      ]),
    );
  });

  it("walks the whole caseload when the address says ?queue=caseload, and keeps it in every step", async () => {
    serve({ next: { session: queued(300, "2026-03-09T09:00:00Z", 8), pending: 9 }, previous: { session: EARLIER, pending: 9 } });
    renderPage("?queue=caseload");
    const nav = await screen.findByRole("navigation", { name: "Review queue" });
    await within(nav).findByText("9 sessions wait for review in your caseload");
    expect((await within(nav).findByRole("link", { name: "Next pending session" })).getAttribute("href")).toBe(`/details-panel/patient/8/level/${LEVEL}/trend/300?queue=caseload`);
    // The previous and next neighbours are two answers: either may come first.
    expect((await within(nav).findByRole("link", { name: "Previous pending session" })).getAttribute("href")).toBe(`${detailPath(EARLIER.id)}?queue=caseload`);
    expect(queueCalls().every((query) => query.scope === "caseload" && query.patient === undefined)).toBe(true);
  });

  it("says how many attempts of each neighbour can be corrected, and lets the SLP step through correctable sessions only (issue 31)", async () => {
    serve({ next: { session: queued(130, "2026-03-06T09:00:00Z", PATIENT, 0), pending: 3 }, previous: { session: EARLIER, pending: 3 } });
    renderPage("?queue=caseload");
    const nav = await screen.findByRole("navigation", { name: "Review queue" });
    expect(await within(nav).findByText(/^\(Naming, .* · all attempts locked by the game: notes and review only\)$/)).toBeTruthy();
    expect(await within(nav).findByText(/^\(Naming, .* · 2 attempts you can correct\)$/)).toBeTruthy();
    expect(within(nav).getByText(/Stepping through every pending session, locked ones included\./)).toBeTruthy();
    const only = within(nav).getByRole("link", { name: "Only sessions with attempts you can correct" });
    expect(only.getAttribute("href")).toBe(`${detailPath(SESSION)}?queue=caseload&only=correctable`);
  });

  it("on ?only=correctable asks the queue for correctable sessions only and keeps the choice in every step and in n", async () => {
    serve({ next: { session: LATER, pending: 3 }, previous: { session: null, pending: 3 } });
    const location = renderPage("?queue=caseload&only=correctable");
    const nav = await screen.findByRole("navigation", { name: "Review queue" });
    expect(await within(nav).findByText("No earlier pending session with attempts you can correct")).toBeTruthy();
    expect((await within(nav).findByRole("link", { name: "Next pending session" })).getAttribute("href")).toBe(`${detailPath(LATER.id)}?queue=caseload&only=correctable`);
    expect(within(nav).getByText(/Stepping through sessions with attempts you can correct\./)).toBeTruthy();
    expect(within(nav).getByRole("link", { name: "Step through every pending session" }).getAttribute("href")).toBe(`${detailPath(SESSION)}?queue=caseload`);
    expect(queueCalls().every((query) => query.only === "correctable")).toBe(true);
    press("n");
    await waitFor(() => expect(location.history?.at(-1)).toBe(`${detailPath(LATER.id)}?queue=caseload&only=correctable`));
  });

  it("after 'Mark as reviewed', offers the next pending session and moves the focus to it", async () => {
    serve({ next: { session: LATER, pending: 2 }, previous: { session: null, pending: 2 }, afterReview: { next: { session: LATER, pending: 1 } } });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Mark as reviewed" }));
    const offer = await screen.findByRole("link", { name: /^Next pending session: Naming, / });
    expect(offer.getAttribute("href")).toBe(detailPath(LATER.id));
    await waitFor(() => expect(document.activeElement).toBe(offer));
  });

  it("moves the focus to the offer once: later answers of the queue update its words but leave the focus where the SLP put it", async () => {
    const queue = { next: { session: LATER, pending: 2 }, previous: { session: null, pending: 2 }, afterReview: { next: { session: LATER, pending: 1 } as Step, first: undefined as Step | undefined } };
    serve(queue);
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Mark as reviewed" }));
    const offer = await screen.findByRole("link", { name: /^Next pending session: Naming, / });
    await waitFor(() => expect(document.activeElement).toBe(offer));
    // The SLP moves on (Shift+Tab back to the review mark), then the queue answers again.
    const reopen = await screen.findByRole("button", { name: "Reopen review" });
    act(() => reopen.focus());
    const answerAgain = async () => {
      await act(() => currentApp().queryClient.invalidateQueries({ queryKey: reviewQueueKeys.all }));
    };
    // The same session again.
    await answerAgain();
    expect(document.activeElement).toBe(reopen);
    // A colleague took the next one: the offer now leads to another session.
    const other = queued(130, "2026-03-06T09:00:00Z");
    queue.afterReview.next = { session: other, pending: 1 };
    await answerAgain();
    await waitFor(() => expect(screen.getByRole("link", { name: /^Next pending session: Naming, / }).getAttribute("href")).toBe(detailPath(other.id)));
    expect(document.activeElement).toBe(reopen);
    // None is later any more, but an earlier one still waits: the offer is found anew through the walk's first step.
    queue.afterReview.next = { session: null, pending: 1 };
    queue.afterReview.first = { session: EARLIER, pending: 1 };
    await answerAgain();
    await waitFor(() => expect(screen.getByRole("link", { name: /^Next pending session: Naming, / }).getAttribute("href")).toBe(detailPath(EARLIER.id)));
    expect(document.activeElement).toBe(reopen);
  });

  it("leaves the focus where the SLP moved it while the next session was still being found", async () => {
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    serve({ next: { session: null, pending: 2 }, previous: { session: EARLIER, pending: 2 }, afterReview: { next: { session: null, pending: 1 }, first: { session: EARLIER, pending: 1 } } }, held);
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Mark as reviewed" }));
    await screen.findByText("Finding the next pending session…");
    const help = screen.getByRole("button", { name: "Keyboard shortcuts" });
    act(() => help.focus());
    answer();
    expect((await screen.findByRole("link", { name: /^Next pending session: Naming, / })).getAttribute("href")).toBe(detailPath(EARLIER.id));
    expect(document.activeElement).toBe(help);
  });

  it("after the last one, offers a session skipped earlier, or says none is left for the patient", async () => {
    serve({ next: { session: null, pending: 1 }, previous: { session: null, pending: 1 }, first: { session: queued(SESSION, "2026-03-01T09:00:00Z"), pending: 1 }, afterReview: { next: { session: null, pending: 0 }, first: { session: null, pending: 0 } } });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Mark as reviewed" }));
    expect(await screen.findByText("No sessions left to review for Ada Lovelace.")).toBeTruthy();
  });

  it("goes back to a skipped session when none is later but some still wait", async () => {
    serve({ next: { session: null, pending: 2 }, previous: { session: EARLIER, pending: 2 }, afterReview: { next: { session: null, pending: 1 }, first: { session: EARLIER, pending: 1 } } });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Mark as reviewed" }));
    const offer = await screen.findByRole("link", { name: /^Next pending session: Naming, / });
    expect(offer.getAttribute("href")).toBe(detailPath(EARLIER.id));
    // Found after the mark went through (a second read), it still takes the focus from the mark.
    await waitFor(() => expect(document.activeElement).toBe(offer));
  });
});

describe("the review shortcuts", () => {
  it("j and k move among the attempts, e opens the focused one's editor, and keys typed in its field are only typed", async () => {
    serve({ next: { session: LATER, pending: 2 }, previous: { session: null, pending: 2 } });
    renderPage();
    const first = await screen.findByRole("button", { name: "Edit score of challenge 1, attempt 1" });
    const second = screen.getByRole("button", { name: "Edit score of challenge 1, attempt 2" });
    press("j");
    // The first key may come before the page's machines have started (useActorRef starts them in the
    // commit's passive effects, which a busy machine runs a moment after the attempts show): it is
    // queued and handled then, so it is awaited; every later key is handled at once.
    await waitFor(() => expect(document.activeElement).toBe(first));
    press("j");
    expect(document.activeElement).toBe(second);
    press("k");
    expect(document.activeElement).toBe(first);
    // Shift, Ctrl, Alt and Meta letters are left to the browser.
    press("j", { ctrlKey: true });
    press("J", { shiftKey: true });
    expect(document.activeElement).toBe(first);
    press("e");
    const score = await screen.findByRole("textbox", { name: "Score (0 to 1)" });
    await waitFor(() => expect(document.activeElement).toBe(score));
    press("k");
    press("n");
    expect(document.activeElement).toBe(score);
  });

  it("r brings the focus from the attempts back to Mark as reviewed, the first of the session's actions (issue 31)", async () => {
    serve({ next: { session: LATER, pending: 2 }, previous: { session: null, pending: 2 } });
    renderPage();
    const first = await screen.findByRole("button", { name: "Edit score of challenge 1, attempt 1" });
    press("j");
    // Awaited as in the test above: the first key may be queued until the page's machines start.
    await waitFor(() => expect(document.activeElement).toBe(first));
    press("j");
    press("r");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Mark as reviewed" }));
  });

  it("n goes to the next pending session, keeping the walk's scope in the address", async () => {
    serve({ next: { session: LATER, pending: 2 }, previous: { session: null, pending: 2 } });
    const location = renderPage("?queue=caseload");
    await screen.findByRole("link", { name: "Next pending session" });
    press("n");
    await waitFor(() => expect(location.history?.at(-1)).toBe(`${detailPath(LATER.id)}?queue=caseload`));
  });

  it("? opens the list of shortcuts, whose switch turns them all off (and remembers it)", async () => {
    serve({ next: { session: LATER, pending: 2 }, previous: { session: null, pending: 2 } });
    renderPage();
    await screen.findByRole("button", { name: "Edit score of challenge 1, attempt 1" });
    press("?");
    const dialog = await screen.findByRole("dialog", { name: "Keyboard shortcuts" });
    expect(within(dialog).getAllByRole("term").map((term) => term.textContent)).toEqual(["j", "k", "e", "n", "p", "r", "?"]);
    const toggle = within(dialog).getByRole("switch", { name: "Single-key shortcuts" });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    // Keys pressed inside the dialog are the dialog's own.
    press("j");
    fireEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
    expect(localStorage.getItem("portal.review-shortcuts")).toBe("false");
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    (document.activeElement as HTMLElement | null)?.blur();
    press("j");
    press("?");
    expect(document.activeElement).toBe(document.body);
    expect(screen.queryByRole("dialog")).toBeNull();
    // The page's button still opens the list, where they can be turned on again.
    fireEvent.click(screen.getByRole("button", { name: "Keyboard shortcuts" }));
    expect(await screen.findByRole("switch", { name: "Single-key shortcuts" })).toBeTruthy();
  });
});

describe("what counts as typing", () => {
  it("text fields, selects, contenteditable and typeahead lists are typing; buttons, links and checkboxes are not", async () => {
    const { isTypingTarget } = await import("./review-shortcuts.tsx");
    document.body.innerHTML = `
      <input id="text"><input id="check" type="checkbox"><textarea id="area"></textarea><select id="select"></select>
      <div contenteditable="true"><span id="inside">x</span></div><button id="button">b</button><a id="link" href="/">a</a>
      <button id="picker" aria-haspopup="listbox">Result</button><div role="listbox"><div id="option" role="option">o</div></div>`;
    const typing = (id: string) => isTypingTarget(document.getElementById(id));
    expect(["text", "area", "select", "inside", "picker", "option"].map(typing)).toEqual([true, true, true, true, true, true]);
    expect(["check", "button", "link"].map(typing)).toEqual([false, false, false]);
    expect(isTypingTarget(null)).toBe(false);
    document.body.innerHTML = "";
  });
});

describe("when the shortcuts start listening", () => {
  it("a key pressed in the very commit that shows the page is heard: the listener is a layout effect, not a passive one", () => {
    const heard: string[] = [];
    function Page() {
      useReviewShortcuts((command) => heard.push(command));
      return null;
    }
    // A later sibling's layout effect runs in the same commit, before any passive effect: a listener
    // set up in a passive effect would not be there yet (what a busy machine's unit run once showed).
    function KeyInTheSameCommit() {
      useLayoutEffect(() => {
        document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "?", bubbles: true, cancelable: true }));
      }, []);
      return null;
    }
    const view = render(
      <>
        <Page />
        <KeyInTheSameCommit />
      </>,
    );
    expect(heard).toEqual(["help"]);
    view.unmount();
  });
});
