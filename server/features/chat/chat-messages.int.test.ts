import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_LIMITS } from "../../../domain/chat/chat-limits.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { chatMessageRevisions } from "../../db/schema/chat.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type ChatWorld, chatWorld, json } from "./chat-world.test-helper.ts";

const TIMEOUT = 120_000;

describe.each(TEST_DRIVERS)("chat messages on %s", (driver) => {
  let w: ChatWorld;
  beforeAll(async () => {
    w = await chatWorld(driver, `chatmsg-${driver}`);
  }, TIMEOUT);
  afterAll(() => w?.t.close());

  it("sends once per client id: 201, then the stored message with 200; audited", async () => {
    const clientId = randomUUID();
    const first = await w.send("slp", w.threadId, "  Hello\u200b there  ", clientId);
    expect(first.statusCode).toBe(201);
    const message = first.json() as { seq: number; body: string; author: { kind: string }; stream_seq: number };
    expect(message).toMatchObject({ seq: 1, body: "Hello there", author: { kind: "staff" } });
    const again = await w.send("slp", w.threadId, "something else", clientId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const rows = await w.db.select().from(auditEvents).where(and(eq(auditEvents.resource, "chat_message"), eq(auditEvents.action, "create")));
    expect(rows.map((row) => row.reason)).toEqual([null, "repeat"]);
  });

  it("refuses empty and too long text on the field", async () => {
    expect((await w.send("slp", w.threadId, "   ")).json()).toMatchObject({ code: "ERROR_003" });
    expect((await w.send("slp", w.threadId, "x".repeat(CHAT_LIMITS.messageChars + 1))).statusCode).toBe(400);
  });

  it("edits and withdraws as revisions, by the author only", async () => {
    const sent = (await w.send("slp", w.threadId, "First words")).json() as { seq: number; stream_seq: number };
    const url = `/api/slp-chat/threads/${w.threadId}/messages/${sent.seq}/`;
    const byOther = await w.t.app.inject({ method: "PATCH", url, headers: { ...w.headers.staffAdmin, ...json }, payload: { body: "hijack" } });
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json()).toMatchObject({ code: "ERROR_001" });
    const edited = await w.t.app.inject({ method: "PATCH", url, headers: { ...w.headers.slp, ...json }, payload: { body: "Better words" } });
    expect(edited.statusCode).toBe(200);
    const after = edited.json() as { body: string; edited_at: string | null; stream_seq: number };
    expect(after.body).toBe("Better words");
    expect(after.edited_at).not.toBeNull();
    expect(after.stream_seq).toBeGreaterThan(sent.stream_seq);
    const withdrawn = await w.t.app.inject({ method: "DELETE", url, headers: w.headers.slp });
    expect(withdrawn.json()).toMatchObject({ body: "", attachment: null });
    expect((withdrawn.json() as { withdrawn_at: string | null }).withdrawn_at).not.toBeNull();
    const kept = await w.db.select().from(chatMessageRevisions).orderBy(chatMessageRevisions.revision);
    expect(kept.map((row) => row.body)).toEqual(["First words", "Better words"]);
  });

  it("moves the read cursor forward only and counts unread in the list", async () => {
    const url = `/api/slp-chat/threads/${w.threadId}/read/`;
    const patientSends = await w.t.app.inject({ method: "POST", url: "/api/mobile/chat/messages/", headers: { ...w.deviceHeaders, ...json }, payload: { client_id: randomUUID(), body: "From home" } });
    expect(patientSends.statusCode).toBe(201);
    const seq = (patientSends.json() as { seq: number }).seq;
    const listBefore = await w.t.app.inject({ method: "GET", url: "/api/slp-chat/threads/", headers: w.headers.slp });
    expect(listBefore.json()).toMatchObject([{ id: w.threadId, unread: 1, newest_seq: seq }]);
    expect((await w.t.app.inject({ method: "PUT", url, headers: { ...w.headers.slp, ...json }, payload: { seq } })).json()).toMatchObject({ last_read_seq: seq });
    expect((await w.t.app.inject({ method: "PUT", url, headers: { ...w.headers.slp, ...json }, payload: { seq: 1 } })).json()).toMatchObject({ last_read_seq: seq });
    const listAfter = await w.t.app.inject({ method: "GET", url: "/api/slp-chat/threads/?search=winif", headers: w.headers.slp });
    expect(listAfter.json()).toMatchObject([{ id: w.threadId, unread: 0 }]);
    expect((await w.t.app.inject({ method: "GET", url: "/api/slp-chat/threads/?search=nobody", headers: w.headers.slp })).json()).toEqual([]);
  });

  it("pages history before a sequence, oldest first", async () => {
    const colleagues = await w.t.app.inject({ method: "POST", url: "/api/slp-chat/threads/", headers: { ...w.headers.slp, ...json }, payload: { member_ids: [w.accounts.admin.id] } });
    // The institution administrator is no member of staff: ERROR_027.
    expect(colleagues.json()).toMatchObject({ code: "ERROR_027" });
    const page = await w.t.app.inject({ method: "GET", url: `/api/slp-chat/threads/${w.threadId}/messages/`, headers: w.headers.slp });
    const body = page.json() as { messages: Array<{ seq: number }>; has_earlier: boolean };
    expect(body.messages.map((m) => m.seq)).toEqual([...body.messages.map((m) => m.seq)].sort((a, b) => a - b));
    expect(body.has_earlier).toBe(false);
    const before = await w.t.app.inject({ method: "GET", url: `/api/slp-chat/threads/${w.threadId}/messages/?before=2`, headers: w.headers.slp });
    expect((before.json() as { messages: Array<{ seq: number }> }).messages.map((m) => m.seq)).toEqual([1]);
  });
}, TIMEOUT);
