import { describe, expect, it } from "vitest";
import { PatientId } from "../../../domain/shared/ids.ts";
import { ME, THREAD } from "../../../domain/chat/chat-fixtures.test-helper.ts";
import type { ChatThread } from "../../../domain/chat/chat-wire.ts";
import { listsToReadAgain } from "./thread-list-updates.ts";

const thread: ChatThread = {
  id: THREAD,
  kind: "patient",
  patient: { id: PatientId.make(7), name: "Ana Reyes" },
  members: [ME],
  newest_seq: 3,
  last_read_seq: 3,
  unread: 0,
  last_message: null,
};
const OTHER = 99;

describe("listsToReadAgain", () => {
  it("leaves the lists alone when one knows the thread and none is being read", () => {
    expect(listsToReadAgain([{ data: [thread], fetching: false }], THREAD)).toBe(false);
  });

  it("reads them again for a thread no list knows", () => {
    expect(listsToReadAgain([{ data: [thread], fetching: false }], OTHER)).toBe(true);
    expect(listsToReadAgain([], THREAD)).toBe(true);
  });

  it("reads them again while a read is in flight, its answer maybe from before the event", () => {
    expect(listsToReadAgain([{ data: [thread], fetching: false }, { data: undefined, fetching: true }], THREAD)).toBe(true);
    expect(listsToReadAgain([{ data: [thread], fetching: true }], THREAD)).toBe(true);
  });

  it("does not count a list with no data that nobody is reading (a search left before its answer)", () => {
    expect(listsToReadAgain([{ data: [thread], fetching: false }, { data: undefined, fetching: false }], THREAD)).toBe(false);
  });
});
