import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { anyField, onTypedForm, personEditOf } from "./person-edit.ts";
import { readStoredRecord } from "./stored-record.ts";

type Save = { readonly kind: "create"; readonly body: { readonly all: string } } | { readonly kind: "update"; readonly body: { readonly changed: string } };

describe("what a person's edit hands the shared edit section", () => {
  it("sends only an update, with the form as typed beside the changed fields", () => {
    const editOf = personEditOf<Save, { readonly name: string }>;
    expect(editOf({ kind: "update", body: { changed: "Ann" } }, { name: "Ann" })).toEqual({ body: { changed: "Ann" }, draft: { name: "Ann" } });
    expect(editOf({ kind: "create", body: { all: "Ann" } }, { name: "Ann" })).toBeNull();
  });

  it("compares the form as typed in a conflict, and reads a value the same whichever field holds it", () => {
    const changes = vi.fn((_started: number, _current: number, draft: string) => [draft]);
    expect(onTypedForm(changes)(1, 2, { draft: "typed" })).toEqual(["typed"]);
    expect(changes).toHaveBeenCalledWith(1, 2, "typed");
    expect(anyField((value: string | null) => value ?? "")("city", null)).toBe("");
  });

  it("reads the stored record after a conflict and puts it in the page's cache", async () => {
    const client = new QueryClient();
    const stored = { id: 7, version: 4 };
    const read = vi.fn((_id: number) => Promise.resolve(stored));
    await expect(readStoredRecord(client, read, (id) => ["things", id])({ record: { id: 7, version: 3 } })).resolves.toBe(stored);
    expect(read).toHaveBeenCalledWith(7);
    expect(client.getQueryData(["things", 7])).toBe(stored);
  });
});
