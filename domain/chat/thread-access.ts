import { ROLE, type RoleCode } from "../shared/roles.ts";

/** A thread is about one patient (the patient and the SLPs who may see them) or among colleagues. */
export type ThreadKind = "patient" | "colleagues";

/** What decides whether one person may open one thread; the server reads these facts, the rule is here. */
export type ThreadAccessFacts = {
  readonly viewerRole: RoleCode;
  readonly viewerInstitutionId: number | null;
  readonly threadInstitutionId: number;
  readonly kind: ThreadKind;
  /** Patient threads: the patient is in the viewer's patient slice today (the assigned SLP, a covering staff administrator, a successor after reassignment). */
  readonly patientInSlice: boolean;
  /** Colleagues' threads: the viewer is one of its members. */
  readonly isMember: boolean;
};

/**
 * Who may read and write a thread (issue 34): nobody outside its institution and never the super
 * administrator; a patient thread follows the patient slice, so whoever cares for the patient now
 * sees the whole history and someone who no longer does sees nothing; a colleagues' thread its
 * members. Outside and unknown read the same to the server (404), so ids cannot be probed.
 */
export const mayOpenThread = (facts: ThreadAccessFacts): boolean => {
  if (facts.viewerRole === ROLE.superAdmin) return false;
  if (facts.viewerInstitutionId === null || facts.viewerInstitutionId !== facts.threadInstitutionId) return false;
  return facts.kind === "patient" ? facts.patientInSlice : facts.isMember;
};

/** A colleagues' thread names 1 to 19 others of the writer's institution (20 people with the writer), each once. */
export const colleagueMembersProblem = (writerId: number, memberIds: readonly number[], maxMembers: number): string | null => {
  const others = new Set(memberIds.filter((id) => id !== writerId));
  if (others.size === 0) return "Choose at least one colleague";
  if (others.size + 1 > maxMembers) return `A conversation holds at most ${maxMembers} people`;
  return null;
};
