// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { StatusAction } from "../../domain/shared/statuses/status-actions.ts";
import { toastQueue } from "../feedback/toast-queue.ts";
import { type StatusActionText, StatusActions } from "./status-actions.tsx";

const words = (button: string): StatusActionText => ({ button, question: (name) => `${button} ${name}?`, explain: `Why ${button}.`, done: (name) => `${name}: ${button} done` });
const TEXT: Readonly<Record<StatusAction, StatusActionText>> = { activate: words("Activate"), deactivate: words("Deactivate"), delete: words("Delete") };

const renderActions = (props: Partial<Parameters<typeof StatusActions>[0]> = {}) => {
  const change = vi.fn((_action: "activate" | "deactivate") => Promise.resolve());
  const remove = vi.fn(() => Promise.resolve());
  render(<StatusActions name="Ann Lee" actions={["deactivate", "delete"]} text={TEXT} change={change} remove={remove} pending={false} afterDelete="/patients" {...props} />);
  return { change, remove };
};

describe("a record's status actions", () => {
  it("offers nothing when no action is offered", () => {
    const { container } = render(<StatusActions name="Ann Lee" actions={[]} text={TEXT} change={vi.fn()} remove={vi.fn()} pending={false} afterDelete="/patients" />);
    expect(container.textContent).toBe("");
  });

  it("takes an action only once confirmed, naming the person", async () => {
    const { change, remove } = renderActions();
    fireEvent.click(screen.getByRole("button", { name: "Deactivate" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Deactivate Ann Lee?" });
    expect(within(dialog).getByText("Why Deactivate.")).toBeTruthy();
    expect(change).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    await waitFor(() => expect(change).toHaveBeenCalledWith("deactivate"));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(remove).not.toHaveBeenCalled();
  });

  it("shows a held-back action disabled, with its reason beside it as its description", () => {
    renderActions({ heldBack: { actions: ["deactivate", "delete"], reason: "The institution needs an active administrator." } });
    const deactivate = screen.getByRole("button", { name: "Deactivate" });
    expect(deactivate.hasAttribute("disabled") || deactivate.getAttribute("aria-disabled") === "true").toBe(true);
    const described = document.getElementById(deactivate.getAttribute("aria-describedby") ?? "");
    expect(described?.textContent).toBe("The institution needs an active administrator.");
  });

  it("says why in a toast when the server refuses, and closes the confirmation", async () => {
    const refused = { code: "ERROR_050", message: "Not allowed now.", status: 400 };
    renderActions({ change: vi.fn(() => Promise.reject(refused)) });
    fireEvent.click(screen.getByRole("button", { name: "Deactivate" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Deactivate" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(toastQueue.visibleToasts.map((toast) => toast.content.title)).toContain("Could not deactivate Ann Lee");
  });
});
