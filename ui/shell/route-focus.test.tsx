// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useEffect, useRef, useState } from "react";
import { describe, expect, it } from "vitest";
import { Link, Redirect, Route, Router, Switch } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { ROUTE_FOCUS_ATTRIBUTE, RouteFocus, routeFocusTarget } from "./route-focus.tsx";

// A page whose heading is first a loading one, replaced by the page's own (a lazy page or a record
// on its way): the focused heading leaves the DOM.
function SlowPage() {
  const [ready, setReady] = useState(false);
  return (
    <main>
      {ready ? <h1 key="ready">Patients</h1> : <h1 key="loading">Loading Patients</h1>}
      <button type="button" onClick={() => setReady(true)}>
        finish loading
      </button>
    </main>
  );
}

// A page that moves the focus into itself on arrival, as the settings tabs do.
function SelfFocusingPage() {
  const tab = useRef<HTMLButtonElement>(null);
  useEffect(() => tab.current?.focus(), []);
  return (
    <main>
      <h1>Settings</h1>
      <button type="button" ref={tab}>
        Security
      </button>
    </main>
  );
}

function Pages() {
  return (
    <>
      <nav>
        <Link href="/home">Home</Link>
        <Link href="/code">Code</Link>
        <Link href="/slow">Slow</Link>
        <Link href="/settings">Settings</Link>
      </nav>
      <Switch>
        <Route path="/">
          <Redirect to="/home" replace />
        </Route>
        <Route path="/home">
          <main>
            <h1>Home</h1>
            <Link href="/code">Go to the code</Link>
          </main>
        </Route>
        <Route path="/code">
          <main>
            <h1>Enter your code</h1>
            <label>
              Code <input {...{ [ROUTE_FOCUS_ATTRIBUTE]: "" }} />
            </label>
          </main>
        </Route>
        <Route path="/slow" component={SlowPage} />
        <Route path="/settings" component={SelfFocusingPage} />
      </Switch>
      <RouteFocus />
    </>
  );
}

const renderAt = (path: string) => {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      <Pages />
    </Router>,
  );
  return location;
};

const h1 = (name: string) => screen.getByRole("heading", { level: 1, name });

describe("RouteFocus", () => {
  it("moves no focus on the first load of a visit, redirects included", () => {
    const location = renderAt("/");
    expect(location.history).toEqual(["/home"]);
    expect(document.activeElement).toBe(document.body);
  });

  it("puts the focus on the new page's h1 after a link, without making it a Tab stop", () => {
    renderAt("/home");
    const link = screen.getByRole("link", { name: "Slow" });
    act(() => link.focus());
    fireEvent.click(link);
    const heading = h1("Loading Patients");
    expect(document.activeElement).toBe(heading);
    expect(heading.tabIndex).toBe(-1);
  });

  it("starts a page on its marked field instead of its heading", () => {
    renderAt("/home");
    const link = screen.getByRole("link", { name: "Go to the code" });
    act(() => link.focus());
    // The link unmounts with its page: the focus goes to the field, not to <body>.
    fireEvent.click(link);
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Code" }));
  });

  it("restores the focus to the new heading when the focused heading leaves the page", async () => {
    renderAt("/home");
    fireEvent.click(screen.getByRole("link", { name: "Slow" }));
    const loading = h1("Loading Patients");
    expect(document.activeElement).toBe(loading);
    // Finish loading without moving the focus (a data arrival, not a press).
    act(() => {
      const button = screen.getByRole("button", { name: "finish loading" });
      button.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    });
    expect(loading.isConnected).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(h1("Patients")));
  });

  it("leaves the focus where a page put it inside its own <main>", () => {
    renderAt("/home");
    fireEvent.click(screen.getByRole("link", { name: "Settings" }));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Security" }));
  });
});

describe("routeFocusTarget", () => {
  it("skips a page React hides while its successor loads, and takes the visible heading", () => {
    document.body.innerHTML = `<main><div style="display: none !important;"><h1>Patients</h1></div><h1>Exercises</h1></main>`;
    const target = routeFocusTarget(document);
    expect(target?.textContent).toBe("Exercises");
    expect(target?.tabIndex).toBe(-1);
    document.body.innerHTML = "";
  });
});
