// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { waitFor } from "@testing-library/react";
import { clearAnnouncer } from "@react-aria/live-announcer";
import { confirmChange, confirmNothingChanged } from "./confirm-change.ts";
import { clearToasts, toastQueue } from "./toast-queue.ts";

const polite = () => document.querySelector("[aria-live='polite']")?.textContent ?? "";

afterEach(() => {
  clearToasts();
  clearAnnouncer("polite");
});

describe("confirmChange", () => {
  it("queues a success toast and announces the same words politely", async () => {
    confirmChange({ title: "Note added", description: "On attempt 1 of Apple." });
    expect(toastQueue.visibleToasts.map((toast) => toast.content)).toEqual([{ title: "Note added", description: "On attempt 1 of Apple.", variant: "success" }]);
    await waitFor(() => expect(polite()).toBe("Note added. On attempt 1 of Apple."));
  });

  it("says Nothing changed in a neutral toast and the live region", async () => {
    confirmNothingChanged();
    expect(toastQueue.visibleToasts.map((toast) => toast.content)).toEqual([{ title: "Nothing changed", variant: "default" }]);
    await waitFor(() => expect(polite()).toBe("Nothing changed"));
  });
});
