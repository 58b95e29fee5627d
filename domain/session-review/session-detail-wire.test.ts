import * as Schema from "effect/Schema";
import { describe, expect, test } from "vitest";
import { GAME_TYPES } from "../shared/games/game-type.ts";
import { SESSION_DETAIL_EXAMPLES } from "./attempt-mapping/session-detail-examples.fixtures.ts";
import { decodeSessionDetail, SessionDetailWire } from "./session-detail-wire.ts";

const naming = SESSION_DETAIL_EXAMPLES.naming;
const attempt = naming.challenges_in_session[0]?.attempts[0];

describe("session detail wire", () => {
  test.each(GAME_TYPES)("the documented %s example decodes and encodes back unchanged", (type) => {
    const decoded = decodeSessionDetail(SESSION_DETAIL_EXAMPLES[type]);
    if (!decoded.ok) throw new Error(decoded.message);
    expect(Schema.encodeSync(SessionDetailWire)(decoded.value)).toEqual(SESSION_DETAIL_EXAMPLES[type]);
  });

  test.each([
    ["a string id", { ...naming, id: "101" }],
    ["a zero id", { ...naming, id: 0 }],
    ["an unknown difficulty", { ...naming, difficulty: "extreme" }],
    ["a missing percentage change", { ...naming, accuracy_percentage_change: undefined }],
    ["a textual score", { ...naming, total_score: "2" }],
    ["an is_active string", { ...naming, is_active: "no" }],
    ["a content that is a list", { ...naming, challenges_in_session: [{ ...naming.challenges_in_session[0], content: [] }] }],
    ["an attempt with a string is_editable", { ...naming, challenges_in_session: [{ ...naming.challenges_in_session[0], attempts: [{ ...attempt, is_editable: "yes" }] }] }],
    ["an attempt numbered 0", { ...naming, challenges_in_session: [{ ...naming.challenges_in_session[0], attempts: [{ ...attempt, attempt_number: 0 }] }] }],
    ["negative hints", { ...naming, challenges_in_session: [{ ...naming.challenges_in_session[0], attempts: [{ ...attempt, hints_used: -1 }] }] }],
    ["a note without author", { ...naming, challenges_in_session: [{ ...naming.challenges_in_session[0], attempts: [{ ...attempt, notes: [{ id: 1, note: "x" }] }] }] }],
    ["a start time that is not ISO-8601", { ...naming, start_time: "05/02/2024" }],
    ["nothing", null],
  ])("rejects %s as a generic error", (_, input) => {
    expect(decodeSessionDetail(input)).toEqual({ ok: false, code: "ERROR_001", message: "An error occurred" });
  });

  test("a game type it does not know still decodes, for the mapping to call it unsupported", () => {
    expect(decodeSessionDetail({ ...naming, game_info: { id: 9, name: "Chess", type: "chess" } }).ok).toBe(true);
  });
});
