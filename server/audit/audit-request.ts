import type { FastifyRequest } from "fastify";

/** The longest User-Agent kept: the header is the client's to choose, the trail is not. */
export const USER_AGENT_LIMIT = 512;

/** What every audit row says about the request itself: from where, with what, and which request. */
export type AuditRequest = {
  readonly ip: string;
  readonly userAgent: string | null;
  readonly requestId: string;
};

/** The request's address (request.ip: TRUST_PROXY decides it), its User-Agent cut to USER_AGENT_LIMIT, and its id. */
export const auditRequestOf = (request: FastifyRequest): AuditRequest => {
  const agent = request.headers["user-agent"];
  return {
    ip: request.ip,
    userAgent: agent === undefined || agent === "" ? null : agent.slice(0, USER_AGENT_LIMIT),
    requestId: request.id,
  };
};
