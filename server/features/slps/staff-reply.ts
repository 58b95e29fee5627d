import type { FastifyReply } from "fastify";
import type { Database } from "../../db/database.ts";
import { replyWithFailure } from "../../http/api-failure.ts";
import { sendVersionTag } from "../../http/record-version.ts";
import { loadStaffMember } from "./staff-record.ts";
import { staffNotFound } from "./staff-scope.ts";

/** The answer after a read or change: the SLP as GET returns them, their version as the ETag. */
export const replyWithStaff = async (db: Database, reply: FastifyReply, staffId: number, now: Date, status: 200 | 201 = 200): Promise<FastifyReply> => {
  const record = await loadStaffMember(db, staffId, now);
  if (record === undefined) return replyWithFailure(reply, staffNotFound());
  return sendVersionTag(reply, record.version).code(status).send(record);
};
