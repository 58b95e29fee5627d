// @vitest-environment jsdom
import { useEffect, useState } from "react";
import type { Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { actFreeRoot, settleScheduler } from "./act-free-root.test-helper.ts";
import { DeferredRender, useDeferredArrival } from "./deferred-render.tsx";

// Issue 35: what DeferredRender holds back must come in a commit after the heading's, also when the
// heading itself arrives in a deferred render (a page mounting with its first answer), where React
// renders every useDeferredValue at its final value at once. Rendered without act, on React's own
// scheduler, with every state of the document noted as React commits it.

const settle = () => settleScheduler(30);

let host: HTMLElement;
let root: Root;
let remove: () => void;
let states: string[];
let observer: MutationObserver;
beforeEach(() => {
  ({ host, root, remove } = actFreeRoot());
  states = [];
  // A MutationObserver's callback runs after the commit's task of DOM changes, before the next one.
  observer = new MutationObserver(() => states.push(host.textContent ?? ""));
  observer.observe(host, { childList: true, subtree: true, characterData: true });
});
afterEach(() => {
  observer.disconnect();
  remove();
});

const Page = ({ title }: { readonly title: string }) => (
  <>
    <h1>{title}</h1>
    <DeferredRender fallback={<p>…</p>}>
      <p>Attempts</p>
    </DeferredRender>
  </>
);

const answers = { give: (_title: string): void => undefined };
/** The page of a first answer, as a session's detail mounts it (useDeferredFirstAnswer, useDeferredArrival). */
function Arrival() {
  const [data, setData] = useState<string | undefined>(undefined);
  useEffect(() => {
    answers.give = setData;
  }, []);
  const shown = useDeferredArrival(data);
  return shown === undefined ? <p>Loading</p> : <Page title={shown} />;
}

describe("DeferredRender", () => {
  it("commits its children after the heading of a page mounted directly", async () => {
    root.render(<Page title="Parrot session" />);
    await settle();
    expect(states).toContain("Parrot session…");
    expect(host.textContent).toBe("Parrot sessionAttempts");
  });

  it("commits its children after the heading of a page that arrives in a deferred render", async () => {
    root.render(<Arrival />);
    await settle();
    expect(host.textContent).toBe("Loading");
    // A query's answer: an ordinary update, whose page React renders in a deferred render.
    answers.give("Parrot session");
    await settle();
    // The heading was on its own first (with the fallback); the attempts came in a later commit.
    expect(states).toContain("Parrot session…");
    expect(states.indexOf("Parrot session…")).toBeLessThan(states.indexOf("Parrot sessionAttempts"));
    expect(host.textContent).toBe("Parrot sessionAttempts");
  });
});
