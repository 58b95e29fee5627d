// @vitest-environment jsdom
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { failureFromHttp } from "../../adapters/shared/api-failure.ts";
import { QueryStatus, type QueryState } from "./query-status.tsx";

const state = (over: Partial<QueryState>): QueryState => ({ isPending: false, isError: false, error: null, refetch: () => undefined, ...over });

describe("QueryStatus", () => {
  // Example: <QueryStatus query={useQuery(...)} loading="Loading patients…" status="12 patients" />
  it("says it is loading as a busy status, then what loaded, in the same live region", () => {
    const { rerender } = render(<QueryStatus query={state({ isPending: true })} loading="Loading patients…" status="12 patients" />);
    const status = screen.getByRole("status");
    expect(status.textContent).toBe("Loading patients…");
    expect(status.getAttribute("aria-busy")).toBe("true");
    rerender(<QueryStatus query={state({})} loading="Loading patients…" status="12 patients" />);
    expect(screen.getByRole("status")).toBe(status);
    expect(status.textContent).toBe("12 patients");
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("shows the failure as the answer words it (catalogue-shaped) and asks again on Try again", () => {
    const refetch = vi.fn();
    const error = failureFromHttp(429, { code: "ERROR_012", message: "Rate limit reached", detail: {}, id: "r1" });
    render(<QueryStatus query={state({ isError: true, error, refetch })} loading="Loading patients…" />);
    expect(screen.getByRole("alert").textContent).toBe("Rate limit reached");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it("offers no Try again for another institution's record or a missing one: a repeat would be refused again (issue 31)", () => {
    for (const [status, code] of [[403, "ERROR_001"], [404, "ERROR_030"]] as const) {
      const error = failureFromHttp(status, { code, message: "refused", detail: {}, id: "r1" });
      const { unmount } = render(<QueryStatus query={state({ isError: true, error })} loading="Loading patients…" />);
      expect(screen.getByRole("alert").textContent).not.toBe("");
      expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
      unmount();
    }
  });
});
