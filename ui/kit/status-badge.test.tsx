// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StatusBadge } from "./status-badge.tsx";

describe("StatusBadge", () => {
  // Example: <StatusBadge status={patient.status} />, or <StatusBadge status="pending" label="Pending review" />
  it("shows the status in words, in the tone the domain gives it", () => {
    render(
      <>
        <StatusBadge status="active" />
        <StatusBadge status="inactive" />
        <StatusBadge status="pending" label="Pending review" />
        <StatusBadge status="archived" />
      </>,
    );
    expect(screen.getByText("active").dataset.tone).toBe("success");
    expect(screen.getByText("inactive").dataset.tone).toBe("warning");
    expect(screen.getByText("Pending review").dataset.tone).toBe("info");
    expect(screen.getByText("archived").dataset.tone).toBe("neutral");
  });
});
