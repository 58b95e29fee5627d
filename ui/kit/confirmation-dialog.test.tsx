// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Button } from "./button.tsx";
import { ConfirmationDialog } from "./confirmation-dialog.tsx";

// Example: a delete behind a confirmation that names the record, as the patient page will use it.
function DeletePatient({ onDelete }: { onDelete: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="destructive" onPress={() => setOpen(true)}>
        Delete
      </Button>
      <ConfirmationDialog
        isOpen={open}
        title="Delete Ann Lee?"
        confirmLabel="Delete patient"
        destructive
        onConfirm={() => {
          onDelete();
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      >
        Ann Lee disappears from every list. Her sessions and the audit trail are kept.
      </ConfirmationDialog>
    </>
  );
}

describe("ConfirmationDialog", () => {
  it("asks as an alert dialog named by its question, with focus on Cancel, and confirms only on the confirm button", async () => {
    const onDelete = vi.fn();
    render(<DeletePatient onDelete={onDelete} />);
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete Ann Lee?" });
    expect(dialog.getAttribute("aria-describedby")).not.toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cancel" })));
    fireEvent.click(screen.getByRole("button", { name: "Delete patient" }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  it("cancels on Escape and returns focus to what opened it", async () => {
    const onDelete = vi.fn();
    render(<DeletePatient onDelete={onDelete} />);
    const opener = screen.getByRole("button", { name: "Delete" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole("alertdialog");
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(onDelete).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("returns the focus to the page heading when the confirmed action removed the button that opened it", async () => {
    function StatusActions() {
      const [active, setActive] = useState(true);
      const [open, setOpen] = useState(false);
      return (
        <main>
          <h1>Ann Lee</h1>
          {active ? (
            <Button key="deactivate" onPress={() => setOpen(true)}>
              Deactivate
            </Button>
          ) : (
            <Button key="activate" onPress={() => setActive(true)}>
              Activate
            </Button>
          )}
          <ConfirmationDialog
            isOpen={open}
            title="Deactivate Ann Lee?"
            confirmLabel="Deactivate"
            destructive
            onConfirm={() => {
              setOpen(false);
              setActive(false);
            }}
            onCancel={() => setOpen(false)}
          >
            She can no longer sign in.
          </ConfirmationDialog>
        </main>
      );
    }
    render(<StatusActions />);
    const opener = screen.getByRole("button", { name: "Deactivate" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole("alertdialog", { name: "Deactivate Ann Lee?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    const heading = screen.getByRole("heading", { level: 1, name: "Ann Lee" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute("tabindex")).toBe("-1");
  });
});
