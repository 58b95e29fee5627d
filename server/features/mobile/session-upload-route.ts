import type { FastifyInstance } from "fastify";
import { uploadGameSessionEndpoint } from "../../../domain/mobile/mobile-endpoints.ts";
import { MOBILE_SESSION_LIMITS } from "../../../domain/mobile/mobile-session-limits.ts";
import { assignmentChoice, checkUpload } from "../../../domain/mobile/mobile-session-rules.ts";
import { PATIENT_STATUS } from "../../../domain/shared/statuses/patient-status.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { apiFailure, fromDomainFailure, replyWithFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { failures } from "../../http/failures.ts";
import { noScope } from "../../http/open-route.ts";
import { findReceipt, findReceiptAndAssignment } from "./session-upload-store.ts";
import { writeUpload } from "./session-upload-write.ts";
import { deviceUploadRateLimit } from "./upload-rate-limit.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

const inactivePatient = () => apiFailure(409, "ERROR_050", "the patient is inactive: sessions wait until they are active again", { placeholders: { status: PATIENT_STATUS.inactive } });
const unknownAssignment = (field: string) =>
  apiFailure(404, "ERROR_030", "no live assignment of the device's patient", { field, placeholders: { field_name: "exercise level" } });
/** Unreachable: a taken client id always has its answer once the taker commits. Answered as a retryable status, never a 500. */
const stillWriting = () => apiFailure(409, "ERROR_050", "the session is being written by another request", { placeholders: { status: "processing" } });

/**
 * POST mobile/game-sessions/ (docs/mobile-api.md): a patient's device sends one finished session.
 * Registered inside withDeviceRoutes, so the device is known (requireDevice) before anything is
 * decoded. In order: a client id the patient already sent answers its first answer (200); an
 * inactive patient's sessions wait (409); the assignment must be a live one of the device's
 * patient (404); the upload's rules (domain/mobile/mobile-session-rules.ts; 400); then one
 * statement writes the session, its challenges and attempts, the receipt and the audit row (201;
 * session-upload-write.ts). The receipt and the assignment are read in one statement too.
 */
export const registerSessionUploadRoute = (app: FastifyInstance, deps: Deps): void => {
  const { db, clock } = deps;
  routeEndpoint(
    app,
    deps,
    uploadGameSessionEndpoint,
    {
      access: { public: true },
      caller: "public",
      doc: {
        summary:
          "The patients' app sends one finished session (Authorization: Device <token>, and X-Api-Key); the server computes its totals; idempotent by client_session_id: a repeat answers the first answer with 200",
        scope: "caller",
        errors: { 400: ["ERROR_003", "ERROR_034", "ERROR_052", "ERROR_056"], 401: ["ERROR_001"], 404: ["ERROR_030"], 409: ["ERROR_050"], 429: ["ERROR_012"] },
        status: 201,
      },
      audit: { action: "create", resource: "game_session" },
      scope: noScope,
      rateLimit: deviceUploadRateLimit(db, clock),
      // One session, not the server's 1 MiB: refused (413) while it is read, before anything is decoded.
      bodyLimit: MOBILE_SESSION_LIMITS.bodyBytes,
    },
    async ({ input: { body }, audit, auditEvent, refuse }, request, reply) => {
      const device = request.device;
      if (device === undefined) return replyWithFailure(reply, failures.notAuthenticated());
      // A retry of a stored session answers what the first upload did, whatever changed since.
      const choice = assignmentChoice(body);
      const found = choice.ok ? await findReceiptAndAssignment(db, device.patientId, body.client_session_id, choice.value) : undefined;
      const first = found === undefined ? await findReceipt(db, device.patientId, body.client_session_id) : found.receipt;
      if (first !== undefined) {
        await audit("success", "repeat", String(first.id));
        return reply.code(200).send(first);
      }
      if (device.patientStatus === PATIENT_STATUS.inactive) return refuse(inactivePatient(), "failure", "inactive_patient", null);
      if (!choice.ok) return refuse(fromDomainFailure(400, choice, "assignment named twice or not at all"), "failure", "invalid_body", null);
      const assignment = found?.assignment;
      if (assignment === undefined) {
        return refuse(unknownAssignment(choice.value.kind === "level" ? "patient_game_level_id" : "game_id"), "failure", "unknown_assignment", null);
      }
      const now = clock.now();
      const checked = checkUpload(body, assignment.gameType, now);
      if (!checked.ok) return refuse(fromDomainFailure(400, checked, "session upload rules"), "failure", "upload_rules", null);
      // One statement: the session, its receipt and its audit row commit together or not at all.
      const audited = auditEvent("success", null);
      if (audited === undefined) throw new Error("the upload route records an audit row");
      const written = await writeUpload(db, { patientId: device.patientId, deviceId: device.deviceId, assignment, body, checked: checked.value, now, audit: audited });
      request.deviceUseStamped = true;
      if (written.claimed) return reply.code(201).send(written.receipt);
      // Another request took this client id meanwhile (a concurrent retry): its answer is the answer.
      const taken = await findReceipt(db, device.patientId, body.client_session_id);
      if (taken === undefined) return refuse(stillWriting(), "failure", "claim_pending", null);
      await audit("success", "repeat", String(taken.id));
      return reply.code(200).send(taken);
    },
  );
};
