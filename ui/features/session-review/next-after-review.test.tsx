// @vitest-environment jsdom
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { GameSessionId, PatientId } from "../../../domain/shared/ids.ts";
import { NextAfterReview } from "./review-navigation.tsx";

const WALK = { scope: "patient", patientId: PatientId.make(7), sessionId: GameSessionId.make(101), only: null } as const;

/** What the polite live region has said so far (React Aria's announcer keeps each message a while). */
const saidPolitely = () => Array.from(document.querySelectorAll('[data-live-announcer] [aria-live="polite"] > *')).map((node) => node.textContent);

describe("NextAfterReview's announcement", () => {
  it("says once that none is left, not again when only its words change (the patient's name arriving)", async () => {
    const { rerender } = render(<NextAfterReview target={null} walk={WALK} patientName={null} onShown={() => undefined} />);
    rerender(<NextAfterReview target={null} walk={WALK} patientName="Ada Lovelace" onShown={() => undefined} />);
    rerender(<NextAfterReview target={null} walk={WALK} patientName="Ada Lovelace" onShown={() => undefined} />);
    // The announcer writes on a short timer of its own.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(saidPolitely().filter((text) => text?.startsWith("No sessions left to review"))).toEqual(["No sessions left to review for this patient."]);
  });
});
