import type { InvitationSummary } from "./invitation-wire.ts";

/** A pending person's record shows their invitation; an active or inactive one's shows none (the link's story is over). */
export const invitationShown = (status: string, summary: InvitationSummary | undefined): InvitationSummary | null =>
  status === "pending" && summary !== undefined ? summary : null;
