import type { FastifyRequest } from "fastify";
import { type SecurityChange, securityNoticeEmail } from "../../domain/account/security-notice.ts";
import type { MfaMethod } from "../../domain/shared/wire/mfa-method.ts";
import type { AuthRouteDeps } from "./auth-route-deps.ts";

/**
 * E-mails the account's owner that their password or second factors changed (the domain's
 * securityNoticeEmail), with this request's time, address and browser. Sent after the change
 * is committed, through the outbox like every e-mail.
 */
export const sendSecurityNotice = async (
  deps: Pick<AuthRouteDeps, "mail" | "clock" | "publicUrl">,
  request: FastifyRequest,
  to: string,
  change: SecurityChange,
  method?: MfaMethod,
): Promise<void> => {
  const userAgent = request.headers["user-agent"] ?? null;
  await deps.mail.send({
    to,
    ...securityNoticeEmail({ change, ...(method === undefined ? {} : { method }), at: deps.clock.now(), from: { ip: request.ip, userAgent }, publicUrl: deps.publicUrl }),
  });
};
