// @vitest-environment jsdom
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppErrorBoundary, describeError } from "./app-error-boundary.tsx";
import { CHUNK_FAILURE_MESSAGE } from "./chunk-failure.ts";

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function Thrower({ error }: { error: unknown }): never {
  throw error;
}

describe("AppErrorBoundary", () => {
  beforeEach(() => {
    // React reports caught render errors on console.error; the boundary logs them too.
    vi.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("renders its children while nothing throws", () => {
    render(
      <AppErrorBoundary>
        <p>Patients</p>
      </AppErrorBoundary>,
    );
    expect(screen.getByText("Patients")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Unexpected Application Error!" })).toBeNull();
  });

  it("shows the fallback with status 500 and the message of a plain error", () => {
    render(
      <AppErrorBoundary>
        <Thrower error={new Error("Cannot read the session list")} />
      </AppErrorBoundary>,
    );
    // The page that threw took the focus with it: the heading holds it, not the body.
    expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1, name: "Unexpected Application Error!" }));
    expect(screen.getByText("500")).toBeTruthy();
    expect(screen.getByText("Cannot read the session list")).toBeTruthy();
    expect(screen.getByRole("main")).toBeTruthy();
    expect(document.title).toBe("Unexpected Application Error!");
  });

  it("shows the HTTP status an error carries", () => {
    render(
      <AppErrorBoundary>
        <Thrower error={new HttpError(404, "The requested user was not found")} />
      </AppErrorBoundary>,
    );
    expect(screen.getByText("404")).toBeTruthy();
    expect(screen.getByText("The requested user was not found")).toBeTruthy();
  });

  it("offers a Reload button that reloads", () => {
    const onReload = vi.fn();
    render(
      <AppErrorBoundary onReload={onReload}>
        <Thrower error={new Error("boom")} />
      </AppErrorBoundary>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});

describe("describeError", () => {
  it("falls back to 500 and the catalogue's generic message for values that are not errors", () => {
    expect(describeError(undefined)).toEqual({ status: 500, message: "An error occurred" });
    expect(describeError(42)).toEqual({ status: 500, message: "An error occurred" });
    expect(describeError("Broken")).toEqual({ status: 500, message: "Broken" });
    expect(describeError(new Error(""))).toEqual({ status: 500, message: "An error occurred" });
  });

  it("says in words that a page's code could not be loaded, instead of the browser's message with a file's address", () => {
    const failures = [
      new TypeError("Failed to fetch dynamically imported module: https://portal.example/assets/Bx12.js"),
      new TypeError("error loading dynamically imported module: https://portal.example/assets/Bx12.js"),
      new TypeError("Importing a module script failed."),
      new Error("Unable to preload CSS for /assets/pages-1-2.css"),
    ];
    for (const failure of failures) expect(describeError(failure)).toEqual({ status: 500, message: CHUNK_FAILURE_MESSAGE });
    expect(describeError(new TypeError("Cannot read properties of undefined")).message).toBe("Cannot read properties of undefined");
  });

  it("reads status or statusCode but ignores values that are not HTTP error statuses", () => {
    expect(describeError({ statusCode: 429, message: "Too many" })).toEqual({ status: 429, message: "Too many" });
    expect(describeError({ status: 200, message: "x" }).status).toBe(500);
    expect(describeError({ status: "404", message: "x" }).status).toBe(500);
  });
});
