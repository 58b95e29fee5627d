import { describe, expect, it } from "vitest";
import { createActor, waitFor } from "xstate";
import type { ChatMessage, ChatMessagePage, ChatReadCursor } from "../../domain/chat/chat-wire.ts";
import { createScriptedActors } from "../shared/testing/scripted-actors.test-helper.ts";
import { ANA, ME, THREAD, chatMessage, cursorOf } from "../../domain/chat/chat-fixtures.test-helper.ts";
import type { EditInput, HistoryInput, ReadInput, SendInput, WithdrawInput } from "./thread-context.ts";
import { threadMachine } from "./thread.machine.ts";

type Io = {
  loadHistory: { input: HistoryInput; output: ChatMessagePage };
  sendMessage: { input: SendInput; output: ChatMessage };
  markRead: { input: ReadInput; output: ChatReadCursor };
  editMessage: { input: EditInput; output: ChatMessage };
  withdrawMessage: { input: WithdrawInput; output: ChatMessage };
};

const page = (from: number, to: number, hasEarlier: boolean): ChatMessagePage => ({
  messages: Array.from({ length: to - from + 1 }, (_, index) => chatMessage(from + index)),
  has_earlier: hasEarlier,
  cursors: [cursorOf(ANA, to)],
});

const start = (lastReadSeq = 0) => {
  const scripted = createScriptedActors<Io>(["loadHistory", "sendMessage", "markRead", "editMessage", "withdrawMessage"]);
  const actor = createActor(threadMachine.provide({ actors: scripted.actors }), { input: { threadId: THREAD, reader: { kind: "staff", id: ME.id }, lastReadSeq } });
  return { scripted, actor };
};
const seqs = (messages: readonly ChatMessage[]) => messages.map((message) => message.seq);
const ready = (actor: ReturnType<typeof start>["actor"]) => waitFor(actor, (snapshot) => snapshot.matches("ready"));
const changing = (actor: ReturnType<typeof start>["actor"], state: "idle" | "editing") => waitFor(actor, (snapshot) => snapshot.matches({ ready: { changing: state } }));
const idleOutbox = (actor: ReturnType<typeof start>["actor"]) => waitFor(actor, (snapshot) => snapshot.matches({ ready: { outbox: "idle" } }));

describe("a chat thread", () => {
  it("loads the newest page, then the page before its oldest message on Load earlier messages", async () => {
    const { scripted, actor } = start();
    scripted.resolveNext("loadHistory", page(51, 100, true));
    scripted.resolveNext("loadHistory", page(1, 50, false));
    actor.start();
    await ready(actor);
    expect(scripted.calls.loadHistory[0]).toEqual({ threadId: THREAD, before: undefined });
    actor.send({ type: "loadEarlier" });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: { earlier: "idle" } }) && !snapshot.context.hasEarlier);
    expect(scripted.calls.loadHistory[1]).toEqual({ threadId: THREAD, before: 51 });
    expect(seqs(actor.getSnapshot().context.messages)).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
    expect(scripted.unexpected).toEqual([]);
  });

  it("sends with the client id, keeps a failure for a retry with the same id, and never shows a message twice", async () => {
    const { scripted, actor } = start();
    scripted.resolveNext("loadHistory", page(1, 2, false));
    actor.start();
    await ready(actor);
    const clientId = "6f1c2b0e-0000-4000-8000-000000000001";
    scripted.rejectNext("sendMessage", { code: "ERROR_001", message: "Could not reach the server. Check your connection and try again.", status: 0 });
    actor.send({ type: "send", clientId, body: "See you Monday", attachmentId: null });
    expect(actor.getSnapshot().context.outbox[0]?.status).toBe("sending");
    await waitFor(actor, (snapshot) => snapshot.context.outbox[0]?.status === "failed");
    expect(actor.getSnapshot().context.outbox[0]?.failure).toMatch(/Could not reach the server/);
    const stored = { ...chatMessage(3, ME, "See you Monday"), client_id: clientId };
    scripted.resolveNext("sendMessage", stored);
    actor.send({ type: "retry", clientId });
    await waitFor(actor, (snapshot) => snapshot.context.outbox.length === 0);
    expect(scripted.calls.sendMessage.map((call) => call.clientId)).toEqual([clientId, clientId]);
    // The stream brings the same message too: one copy.
    actor.send({ type: "arrived", message: stored });
    expect(seqs(actor.getSnapshot().context.messages)).toEqual([1, 2, 3]);
    await idleOutbox(actor);
  });

  it("sends the read cursor once the newest message is visible, and not again for the same one", async () => {
    const { scripted, actor } = start(1);
    scripted.resolveNext("loadHistory", page(1, 3, false));
    scripted.resolveNext("markRead", cursorOf(ME, 3));
    actor.start();
    await ready(actor);
    actor.send({ type: "newestVisible" });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: { reading: "idle" } }) && snapshot.context.cursors.length === 2);
    actor.send({ type: "newestVisible" });
    expect(scripted.calls.markRead).toEqual([{ threadId: THREAD, seq: 3 }]);
    expect(actor.getSnapshot().context.openedAtSeq).toBe(1);
  });

  it("merges the stream's messages and cursors of this thread only, during the first load too", async () => {
    const { scripted, actor } = start();
    scripted.resolveNext("loadHistory", page(1, 2, false));
    actor.start();
    actor.send({ type: "arrived", message: chatMessage(3) });
    actor.send({ type: "arrived", message: { ...chatMessage(9), thread_id: 99 as typeof THREAD } });
    await ready(actor);
    actor.send({ type: "cursorMoved", cursor: cursorOf(ANA, 3) });
    actor.send({ type: "cursorMoved", cursor: cursorOf(ANA, 1) });
    const { messages, cursors } = actor.getSnapshot().context;
    expect(seqs(messages)).toEqual([1, 2, 3]);
    expect(cursors.map((cursor) => cursor.last_read_seq)).toEqual([3]);
  });

  it("shows the load's failure and loads again on reload", async () => {
    const { scripted, actor } = start();
    scripted.rejectNext("loadHistory", { code: "ERROR_001", message: "An error occurred", status: 500 });
    scripted.resolveNext("loadHistory", page(1, 1, false));
    actor.start();
    await waitFor(actor, (snapshot) => snapshot.matches("failed"));
    expect(actor.getSnapshot().context.failure).not.toBeNull();
    actor.send({ type: "reload" });
    await ready(actor);
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  describe("changing one's own messages", () => {
    // Messages 1 and 3 are the reader's, 2 is Ana's.
    const mine = (seq: number, body = `message ${seq}`) => chatMessage(seq, ME, body);
    const opened = async () => {
      const started = start();
      started.scripted.resolveNext("loadHistory", { messages: [mine(1), chatMessage(2), mine(3)], has_earlier: false, cursors: [] });
      started.actor.start();
      await ready(started.actor);
      return started;
    };
    const unreachable = { code: "ERROR_001", message: "Could not reach the server. Check your connection and try again.", status: 0 };

    it("edits in place from the stored text and merges the revision by sequence", async () => {
      const { scripted, actor } = await opened();
      actor.send({ type: "edit.start", seq: 2 });
      expect(actor.getSnapshot().matches({ ready: { changing: "idle" } })).toBe(true);
      actor.send({ type: "edit.start", seq: 3 });
      expect(actor.getSnapshot().context.editing).toEqual({ seq: 3, draft: "message 3" });
      // One change at a time: another message waits.
      expect(actor.getSnapshot().can({ type: "edit.start", seq: 1 })).toBe(false);
      scripted.resolveNext("editMessage", { ...mine(3, "See you at 3"), edited_at: "2026-03-02T10:09:00.000Z" });
      actor.send({ type: "edit.change", text: "See you at 3" });
      actor.send({ type: "edit.save" });
      await changing(actor, "idle");
      expect(scripted.calls.editMessage).toEqual([{ threadId: THREAD, seq: 3, body: "See you at 3" }]);
      const { messages, editing } = actor.getSnapshot().context;
      expect(editing).toBeNull();
      expect(messages.map((message) => message.body)).toEqual(["message 1", "message 2", "See you at 3"]);
      expect(messages[2]?.edited_at).not.toBeNull();
    });

    it("keeps the draft and says why when the save fails, and sends again from it", async () => {
      const { scripted, actor } = await opened();
      actor.send({ type: "edit.start", seq: 1 });
      actor.send({ type: "edit.change", text: "Corrected" });
      scripted.rejectNext("editMessage", unreachable);
      actor.send({ type: "edit.save" });
      await waitFor(actor, (snapshot) => snapshot.context.changeFailure !== null);
      expect(actor.getSnapshot().matches({ ready: { changing: "editing" } })).toBe(true);
      expect(actor.getSnapshot().context.editing).toEqual({ seq: 1, draft: "Corrected" });
      expect(actor.getSnapshot().context.changeFailure).toBe(unreachable.message);
      scripted.resolveNext("editMessage", { ...mine(1, "Corrected"), edited_at: "2026-03-02T10:09:00.000Z" });
      actor.send({ type: "edit.save" });
      await changing(actor, "idle");
      expect(actor.getSnapshot().context.changeFailure).toBeNull();
      expect(scripted.calls.editMessage.map((call) => call.body)).toEqual(["Corrected", "Corrected"]);
    });

    it("refuses an emptied draft without a call, ends an unchanged one without a call, and cancels keeping the text", async () => {
      const { scripted, actor } = await opened();
      actor.send({ type: "edit.start", seq: 1 });
      actor.send({ type: "edit.change", text: "  " });
      actor.send({ type: "edit.save" });
      expect(actor.getSnapshot().context.changeFailure).toBe("The message is required");
      expect(actor.getSnapshot().matches({ ready: { changing: "editing" } })).toBe(true);
      actor.send({ type: "edit.change", text: " message 1 " });
      actor.send({ type: "edit.save" });
      expect(actor.getSnapshot().matches({ ready: { changing: "idle" } })).toBe(true);
      actor.send({ type: "edit.start", seq: 1 });
      actor.send({ type: "edit.change", text: "Not this" });
      actor.send({ type: "edit.cancel" });
      expect(actor.getSnapshot().context.editing).toBeNull();
      expect(actor.getSnapshot().context.messages[0]?.body).toBe("message 1");
      expect(scripted.calls.editMessage).toEqual([]);
    });

    it("withdraws only once confirmed, leaving the marker in its place", async () => {
      const { scripted, actor } = await opened();
      actor.send({ type: "withdraw.start", seq: 2 });
      expect(actor.getSnapshot().matches({ ready: { changing: "idle" } })).toBe(true);
      actor.send({ type: "withdraw.start", seq: 1 });
      actor.send({ type: "withdraw.cancel" });
      expect(actor.getSnapshot().context.withdrawing).toBeNull();
      actor.send({ type: "withdraw.start", seq: 1 });
      expect(actor.getSnapshot().matches({ ready: { changing: "confirmingWithdrawal" } })).toBe(true);
      expect(scripted.calls.withdrawMessage).toEqual([]);
      scripted.resolveNext("withdrawMessage", { ...mine(1, ""), withdrawn_at: "2026-03-02T10:09:00.000Z" });
      actor.send({ type: "withdraw.confirm" });
      await changing(actor, "idle");
      expect(scripted.calls.withdrawMessage).toEqual([{ threadId: THREAD, seq: 1 }]);
      const first = actor.getSnapshot().context.messages[0];
      expect(first?.withdrawn_at).not.toBeNull();
      expect(seqs(actor.getSnapshot().context.messages)).toEqual([1, 2, 3]);
      // Withdrawn is final: neither edited nor withdrawn again.
      expect(actor.getSnapshot().can({ type: "edit.start", seq: 1 })).toBe(false);
      expect(actor.getSnapshot().can({ type: "withdraw.start", seq: 1 })).toBe(false);
    });

    it("says why a withdrawal failed and leaves the message as it was", async () => {
      const { scripted, actor } = await opened();
      scripted.rejectNext("withdrawMessage", { code: "ERROR_030", message: "The requested message was not found", status: 404 });
      actor.send({ type: "withdraw.start", seq: 3 });
      actor.send({ type: "withdraw.confirm" });
      await waitFor(actor, (snapshot) => snapshot.context.changeFailure !== null);
      expect(actor.getSnapshot().matches({ ready: { changing: "idle" } })).toBe(true);
      expect(actor.getSnapshot().context.changeFailure).toBe("The requested message was not found");
      expect(actor.getSnapshot().context.messages[2]?.withdrawn_at).toBeNull();
      expect(scripted.unexpected).toEqual([]);
    });
  });
});
