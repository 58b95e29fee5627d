import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import type { SessionReviewApi } from "../../../adapters/session-review/index.ts";
import { GameSessionId } from "../../../domain/shared/ids.ts";
import { noteTypesQuery, sessionDetailQuery } from "./session-review-queries.ts";

// The hooks and the arrival prefetch (ui/app/prefetch/session-detail.ts) share these: a session
// under review is always read anew (spec section 9), the note types never go stale.
describe("the session review's query options", () => {
  it("read a session anew every time, under its key", () => {
    const options = sessionDetailQuery({} as SessionReviewApi, GameSessionId.make(42));
    expect(options.queryKey).toEqual(["session-review", "session", 42]);
    expect(options.staleTime).toBe(0);
  });

  it("keep the note types for the whole visit", () => {
    const options = noteTypesQuery({} as SessionReviewApi);
    expect(options.queryKey).toEqual(["session-review", "note-types"]);
    expect(options.staleTime).toBe(Number.POSITIVE_INFINITY);
  });

  it("ask the session named, with the query's abort signal", async () => {
    const getSessionDetail = vi.fn(() => Promise.resolve({ id: 42 }));
    await new QueryClient().fetchQuery(sessionDetailQuery({ getSessionDetail } as unknown as SessionReviewApi, GameSessionId.make(42)));
    expect(getSessionDetail).toHaveBeenCalledWith(42, expect.any(AbortSignal));
  });
});
