// @vitest-environment jsdom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Radio } from "./radio.tsx";
import { RadioGroup } from "./radio-group.tsx";

function Choice() {
  const [value, setValue] = useState("email");
  return (
    <RadioGroup label="Verification method" description="Where your code comes from." value={value} onChange={setValue}>
      <Radio value="email" label="Email" description="Sent to your address" />
      <Radio value="sms" label="Text message" />
    </RadioGroup>
  );
}

describe("RadioGroup and Radio", () => {
  it("labels the group and its options, with each option's description in its name", () => {
    render(<Choice />);
    expect(screen.getByRole("radiogroup", { name: "Verification method" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Email Sent to your address" })).toHaveProperty("checked", true);
    expect(screen.getByRole("radio", { name: "Text message" })).toHaveProperty("checked", false);
  });

  it("moves the choice with the arrow keys, as one Tab stop", () => {
    render(<Choice />);
    const email = screen.getByRole("radio", { name: /Email/ });
    act(() => email.focus());
    fireEvent.keyDown(email, { key: "ArrowDown" });
    expect(screen.getByRole("radio", { name: "Text message" })).toHaveProperty("checked", true);
  });
});
