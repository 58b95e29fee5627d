// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Alert } from "./alert.tsx";
import { StatusMessage } from "./status-message.tsx";

describe("Alert and StatusMessage", () => {
  it("keep their live region in the page while empty, so the first message is announced", () => {
    const { rerender } = render(
      <>
        <Alert />
        <StatusMessage />
      </>,
    );
    const alert = screen.getByRole("alert");
    const status = screen.getByRole("status");
    rerender(
      <>
        <Alert>The OTP code is invalid</Alert>
        <StatusMessage>Setup key copied.</StatusMessage>
      </>,
    );
    expect(screen.getByRole("alert")).toBe(alert);
    expect(screen.getByRole("status")).toBe(status);
    expect(alert.textContent).toBe("The OTP code is invalid");
    expect(status.textContent).toBe("Setup key copied.");
  });

  it("marks a status busy while what it reports on loads", () => {
    render(<StatusMessage busy>Loading…</StatusMessage>);
    expect(screen.getByRole("status").getAttribute("aria-busy")).toBe("true");
  });
});
