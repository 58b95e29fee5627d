import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_LIMITS } from "../../../domain/chat/chat-limits.ts";
import { signIn, withBearer } from "../../auth/auth.test-helper.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { createMailPort } from "../../outbox/mail-port.ts";
import { newestOutboxMessages } from "../../outbox/outbox-store.ts";
import { type ChatWorld, chatWorld, json } from "./chat-world.test-helper.ts";
import { REMINDER_SUBJECT, sendUnreadReminders } from "./unread-reminder-pass.ts";

const TIMEOUT = 120_000;
const MINUTE = 60_000;
const PUBLIC_URL = "https://portal.example.test";
const SECRET_TEXT = "My swallowing got worse after the new pills";

// docs/chat-api.md "Reminders": one e-mail per wait, to the assigned SLP, naming nobody.
describe.each(TEST_DRIVERS)("chat unread reminders on %s", (driver) => {
  let w: ChatWorld;
  let remind: () => Promise<number>;
  beforeAll(async () => {
    w = await chatWorld(driver, `chatremind-${driver}`);
    const mail = createMailPort({ db: w.db, clock: w.t.clock, log: w.t.app.log, transport: undefined, logBodies: false });
    remind = () => sendUnreadReminders({ db: w.db, clock: w.t.clock, mail, publicUrl: PUBLIC_URL, afterMs: CHAT_LIMITS.reminderAfterMs });
  }, TIMEOUT);
  afterAll(() => w?.t.close());

  const patientSays = async (body: string): Promise<number> => {
    const sent = await w.t.app.inject({ method: "POST", url: "/api/mobile/chat/messages/", headers: { ...w.deviceHeaders, ...json }, payload: { client_id: randomUUID(), body } });
    expect(sent.statusCode).toBe(201);
    return (sent.json() as { seq: number }).seq;
  };
  // A fresh sign-in each time: the clock moves past the access token's lifetime.
  const slp = async () => withBearer((await signIn(w.t, w.accounts.slp)).access);
  const slpReads = async (seq: number) => {
    const read = await w.t.app.inject({ method: "PUT", url: `/api/slp-chat/threads/${w.threadId}/read/`, headers: { ...(await slp()), ...json }, payload: { seq } });
    expect(read.statusCode).toBe(200);
  };
  // Sign-ins e-mail codes too: only the reminders count.
  const mailsTo = async (email: string) => (await newestOutboxMessages(w.db, email, 500)).filter((mail) => mail.subject === REMINDER_SUBJECT);

  it("e-mails the assigned SLP once when a message stays unread 15 minutes, with no patient data", async () => {
    await patientSays(SECRET_TEXT);
    w.t.clock.advance(CHAT_LIMITS.reminderAfterMs - MINUTE);
    expect(await remind()).toBe(0);
    w.t.clock.advance(MINUTE);
    expect(await remind()).toBe(1);
    // The same wait earns nothing more, even with a newer unread message.
    await patientSays("Another one");
    w.t.clock.advance(CHAT_LIMITS.reminderAfterMs);
    expect(await remind()).toBe(0);

    const mails = await mailsTo(w.accounts.slp.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe(REMINDER_SUBJECT);
    expect(mail?.body).toBe(`${PUBLIC_URL}/slp-chat`);
    const everything = `${mail?.subject}\n${mail?.body}`;
    for (const secret of ["Winifred", "Chat", "swallowing", SECRET_TEXT, "Another one"]) expect(everything).not.toContain(secret);
    // Only the assigned SLP: not the other SLP, not the administrators.
    expect(await mailsTo(w.accounts.admin.email)).toHaveLength(0);
  });

  it("sends nothing when the SLP reads within 15 minutes, and again after a read and a new wait", async () => {
    const before = (await mailsTo(w.accounts.slp.email)).length;
    const seq = await patientSays("Read me soon");
    await slpReads(seq);
    w.t.clock.advance(CHAT_LIMITS.reminderAfterMs * 2);
    expect(await remind()).toBe(0);
    // Read since the last reminder: a new unread message may earn another after its own 15 minutes.
    const later = await patientSays("A later message");
    w.t.clock.advance(CHAT_LIMITS.reminderAfterMs - MINUTE);
    await slpReads(later);
    w.t.clock.advance(MINUTE);
    expect(await remind()).toBe(0);
    await patientSays("And one nobody reads");
    w.t.clock.advance(CHAT_LIMITS.reminderAfterMs);
    expect(await remind()).toBe(1);
    expect(await mailsTo(w.accounts.slp.email)).toHaveLength(before + 1);
  });

  it("never reminds of one's own messages", async () => {
    const sent = await w.t.app.inject({ method: "POST", url: `/api/slp-chat/threads/${w.threadId}/messages/`, headers: { ...(await slp()), ...json }, payload: { client_id: randomUUID(), body: "Written by the SLP" } });
    expect(sent.statusCode).toBe(201);
    w.t.clock.advance(CHAT_LIMITS.reminderAfterMs * 2);
    expect(await remind()).toBe(0);
  });
});
