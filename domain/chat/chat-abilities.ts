import { hasPermission } from "../shared/permissions/permission-check.ts";
import { permissionHolderOf, type SignedInViewer } from "../shared/permissions/permission-holder.ts";
import { ROLE } from "../shared/roles.ts";

/** What the chat screens offer a viewer (the server enforces the same). */
export type ChatAbilities = {
  /** The /slp-chat page and its threads. */
  readonly open: boolean;
  /** "Message" on a patient's record, which opens that patient's thread. */
  readonly messagePatient: boolean;
};

/** From the permission table alone: `slp_chat` list opens the chat; the super administrator never has it (spec: hidden from them). */
export const chatAbilitiesOf = (user: SignedInViewer): ChatAbilities => {
  const holder = permissionHolderOf(user);
  const open = holder.role !== ROLE.superAdmin && hasPermission(holder, { resource: "slp_chat", actions: ["list"] });
  return { open, messagePatient: open };
};
