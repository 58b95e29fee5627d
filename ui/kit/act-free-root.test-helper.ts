import { createRoot, type Root } from "react-dom/client";

// For tests that watch React's own scheduling (a reveal's timer, a deferred commit): rendered
// without act, which would run every pending render at once and hide the order they come in.

/** Lets React's scheduler (setImmediate under jsdom) and the promises run `turns` turns. */
export const settleScheduler = async (turns: number): Promise<void> => {
  for (let turn = 0; turn < turns; turn += 1) await new Promise((done) => setImmediate(done));
};

/** A root in a host in the document, rendering on React's own scheduler; `remove` unmounts both. */
export const actFreeRoot = (): { readonly host: HTMLElement; readonly root: Root; readonly remove: () => void } => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  const host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  return {
    host,
    root,
    remove: () => {
      root.unmount();
      host.remove();
    },
  };
};
