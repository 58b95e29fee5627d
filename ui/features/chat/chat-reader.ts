import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import type { Reader } from "../../../machines/chat/thread-context.ts";

/** Who reads the chat in this app: the signed-in member of staff. */
export const readerOf = (user: Pick<CurrentUser, "id">): Reader => ({ kind: "staff", id: user.id });
