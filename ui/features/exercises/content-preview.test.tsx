// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createContentDownload } from "../../../adapters/exercises/index.ts";
import { ContentPreview } from "./content-preview.tsx";

// The address check happens before any request: a URL that is not the API's own says 'Invalid URL'.
describe("a preview whose file address is not the portal's", () => {
  it.each(["javascript:alert(1)", "https://elsewhere.example/api/content/naming/easy.json", ""])("says 'Invalid URL' for %j without asking anyone", async (url) => {
    let fetched = 0;
    const download = createContentDownload({
      apiOrigin: "http://127.0.0.1:9",
      fetch: () => {
        fetched += 1;
        return Promise.reject(new Error("no request expected"));
      },
    });
    render(<ContentPreview download={download} url={url} gameName="Picture naming" gameType="naming" difficulty="easy" />);
    fireEvent.click(screen.getByRole("button", { name: "Preview: Picture naming, Easy level" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Invalid URL"));
    expect(screen.getByRole("button", { name: "Try again: Picture naming, Easy level" })).toBeTruthy();
    expect(fetched).toBe(0);
  });
});
