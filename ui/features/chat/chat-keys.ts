/** Cache keys of the chat; every thread list sits under "slp-chat", "threads", so a stream event updates them together. */
export const chatKeys = {
  threads: ["slp-chat", "threads"] as const,
  threadList: (search: string) => ["slp-chat", "threads", search] as const,
};
