import { keepPreviousData, useMutation, useQuery, type UseQueryResult } from "@tanstack/react-query";
import { chatApiOf } from "../../../adapters/chat/chat-api.ts";
import type { ChatAttachment, ChatThread } from "../../../domain/chat/chat-wire.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { useServices } from "../../services/services-context.tsx";
import { saveFile } from "../../kit/save-file.ts";
import { chatKeys } from "./chat-keys.ts";

export const useChatApi = () => chatApiOf(useServices().adapters.client);

/** The reader's threads, narrowed by a name; the stream keeps them current (chat-live.tsx), so they are read again only when stale. */
export function useThreads(search: string, enabled = true): UseQueryResult<readonly ChatThread[]> {
  const api = useChatApi();
  return useQuery({ queryKey: chatKeys.threadList(search), queryFn: ({ signal }) => api.listThreads(search, signal), placeholderData: keepPreviousData, enabled });
}

/** A patient's thread, made on first use (the record's "Message" opens it); null asks nothing. */
export function usePatientThread(patientId: PatientId | null): UseQueryResult<ChatThread> {
  const api = useChatApi();
  return useQuery({
    queryKey: ["slp-chat", "patient-thread", patientId],
    queryFn: ({ signal }) => api.patientThread(patientId as PatientId, signal),
    enabled: patientId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** An attachment fetched with the session's headers and saved under its name; a refusal is the mutation's error. */
export function useDownloadAttachment() {
  const api = useChatApi();
  return useMutation({
    mutationFn: async (attachment: ChatAttachment) => saveFile(attachment.name, await api.download(attachment.id)),
  });
}
