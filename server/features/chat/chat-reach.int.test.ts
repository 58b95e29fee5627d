import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AddressInfo } from "node:net";
import type { Database } from "../../db/database.ts";
import { chatThreads } from "../../db/schema/chat.ts";
import { patients } from "../../db/schema/patients.ts";
import { users } from "../../db/schema/users.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type ChatWorld, chatWorld, json } from "./chat-world.test-helper.ts";
import { openSse } from "./sse-client.test-helper.ts";
import { reaches, threadFacts } from "./thread-reach.ts";
import { threadsJson } from "./thread-rows.ts";
import { type ChatReader, reachableThreads } from "./thread-scope.ts";

// The stream hub judges every reader in memory on thread facts read once per page (thread-reach.ts);
// these tests hold that judgement equal to the SQL one (reachableThreads), through reassignment and
// archival too, and show the thread list reads a fixed number of queries however many threads.
const TIMEOUT = 180_000;

/** The Database port with its queries counted: every query of these modules starts with `select`. */
const countingSelects = (db: Database) => {
  let selects = 0;
  const counted = new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (property !== "select" || typeof value !== "function") return value;
      return (...args: unknown[]) => {
        selects += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { db: counted, selects: () => selects };
};

describe.each(TEST_DRIVERS)("chat reach on %s", (driver) => {
  let w: ChatWorld;
  let readers: Array<{ name: string; reader: ChatReader }> = [];
  let threadIds: number[] = [];
  let colleagueThreads: number[] = [];
  let otherSlpUserId = 0;

  beforeAll(async () => {
    w = await chatWorld(driver, `chatreach-${driver}`);
    const userIdOf = async (email: string) => (await w.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? 0;
    otherSlpUserId = await userIdOf(`slp2.chatreach-${driver}@clinic.test`);
    const staffAdminId = await userIdOf(`staffadmin.chatreach-${driver}@clinic.test`);
    const foreignSlpId = await userIdOf(`foreign.slp.chatreach-${driver}@clinic.test`);
    await w.t.app.inject({ method: "PUT", url: `/api/slp-chat/patients/${w.otherSlpPatientId}/thread/`, headers: w.headers.staffAdmin });
    await w.t.app.inject({ method: "PUT", url: `/api/slp-chat/patients/${w.foreignPatientId}/thread/`, headers: w.headers.otherAdmin });
    for (let i = 0; i < 6; i += 1) {
      const made = await w.t.app.inject({ method: "POST", url: "/api/slp-chat/threads/", headers: { ...w.headers.slp, ...json }, payload: { member_ids: [otherSlpUserId] } });
      expect(made.statusCode).toBe(201);
      colleagueThreads.push((made.json() as { id: number }).id);
    }
    threadIds = (await w.db.select({ id: chatThreads.id }).from(chatThreads)).map((row) => row.id);
    readers = [
      { name: "slp", reader: { kind: "staff", userId: w.accounts.slp.id, role: "staff", slice: { institutionId: w.clinic, staffId: w.slpStaffId } } },
      { name: "other slp", reader: { kind: "staff", userId: otherSlpUserId, role: "staff", slice: { institutionId: w.clinic, staffId: w.otherSlpStaffId } } },
      { name: "staff admin", reader: { kind: "staff", userId: staffAdminId, role: "staff_admin", slice: { institutionId: w.clinic, staffId: null } } },
      { name: "foreign slp", reader: { kind: "staff", userId: foreignSlpId, role: "staff", slice: { institutionId: w.otherClinic, staffId: w.foreignStaffId } } },
      { name: "patient", reader: { kind: "patient", patientId: w.patientId, deviceId: w.device.id, institutionId: w.clinic } },
    ];
  }, TIMEOUT);
  afterAll(() => w?.t.close());

  const expectSameReach = async () => {
    for (const { name, reader } of readers) {
      const institutionId = reader.kind === "staff" ? reader.slice.institutionId : reader.institutionId;
      const bySql = (await reachableThreads(w.db, reader)).map((thread) => thread.id).toSorted((a, b) => a - b);
      const facts = await threadFacts(w.db, institutionId, threadIds);
      const inMemory = threadIds.filter((id) => reaches(reader, facts.get(id))).toSorted((a, b) => a - b);
      expect({ name, threads: inMemory }).toEqual({ name, threads: bySql });
    }
  };

  it("judges every reader's threads in memory as the SQL does, before and after a reassignment and an archival", async () => {
    await expectSameReach();
    await w.db.update(patients).set({ assignedStaffId: w.otherSlpStaffId }).where(eq(patients.id, w.patientId));
    await expectSameReach();
    await w.db.update(patients).set({ archivedAt: new Date() }).where(inArray(patients.id, [w.patientId, w.otherSlpPatientId]));
    await expectSameReach();
    await w.db.update(patients).set({ archivedAt: null }).where(inArray(patients.id, [w.patientId, w.otherSlpPatientId]));
    await w.db.update(patients).set({ assignedStaffId: w.slpStaffId }).where(eq(patients.id, w.patientId));
    await expectSameReach();
  }, TIMEOUT);

  it("stops streaming a patient's thread to the SLP it was taken from, and streams it to the one it was given to, at once", async () => {
    await w.t.app.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(w.t.app.server.address() as AddressInfo).port}/api/slp-chat/stream/`;
    const slp = await openSse(base, w.headers.slp);
    const otherSlp = await openSse(base, w.headers.otherSlp);
    const sent = async (body: string) => {
      const response = await w.send("staffAdmin", w.threadId, body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { stream_seq: number };
    };
    const before = await sent("before the handover");
    await slp.waitFor(() => slp.events.some((event) => event.id === before.stream_seq), 20_000);
    await w.db.update(patients).set({ assignedStaffId: w.otherSlpStaffId }).where(eq(patients.id, w.patientId));
    const after = await sent("after the handover");
    // Both streams are served by one read of their institution's group, so once one has it, the other's turn is over.
    await otherSlp.waitFor(() => otherSlp.events.some((event) => event.id === after.stream_seq), 20_000);
    expect(otherSlp.events.some((event) => event.id === before.stream_seq)).toBe(false);
    expect(slp.events.some((event) => event.id === after.stream_seq)).toBe(false);
    slp.cut();
    otherSlp.cut();
    await w.db.update(patients).set({ assignedStaffId: w.slpStaffId }).where(eq(patients.id, w.patientId));
  }, TIMEOUT);

  it("reads the thread list's newest messages with a fixed number of queries, however many threads", async () => {
    for (const threadId of [w.threadId, ...colleagueThreads]) expect((await w.send("slp", threadId, `hello ${threadId}`)).statusCode).toBe(201);
    const [slp] = readers;
    if (slp === undefined) throw new Error("no reader");
    const threads = await reachableThreads(w.db, slp.reader);
    const queriesFor = async (some: typeof threads) => {
      const counting = countingSelects(w.db);
      const answer = await threadsJson(counting.db, slp.reader, some);
      expect(answer.map((thread) => thread.last_message?.seq ?? 0)).toEqual(some.map((thread) => thread.lastSeq));
      return counting.selects();
    };
    expect(threads.length).toBeGreaterThanOrEqual(7);
    // Both lists hold a patient's thread and a colleagues' one, every thread with a message: only their number differs.
    const two = [...threads.filter((thread) => thread.id === w.threadId), ...threads.filter((thread) => thread.kind === "colleagues").slice(0, 1)];
    expect(two.map((thread) => [thread.kind, thread.lastSeq > 0])).toEqual([["patient", true], ["colleagues", true]]);
    expect(await queriesFor(threads)).toBe(await queriesFor(two));
  }, TIMEOUT);
});
