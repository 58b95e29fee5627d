import { describe, expect, it } from "vitest";
import { SESSION_BOOT_PATH } from "../../domain/shared/session/session-boot.ts";
import { CLIENT_CONFIG_ELEMENT_ID } from "../../domain/shared/wire/client-config.ts";
import { clientConfigBlock, withClientConfig } from "./client-config-block.ts";

const SHELL = '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Portal</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';

describe("the client configuration block", () => {
  it("is JSON in a non-executed script element that reads back to the configuration", () => {
    const html = withClientConfig(SHELL, { apiKey: "a-key" });
    const element = new RegExp(`<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">(.*)</script>\\n  </head>`).exec(html);
    expect(element?.[1] && JSON.parse(element[1])).toEqual({ apiKey: "a-key" });
  });

  it("names the session's boot script first in the head, deferred, before any module script the build put there", () => {
    const built = SHELL.replace("<title>", '<script type="module" crossorigin src="/assets/index-1.js"></script>\n    <title>');
    const html = withClientConfig(built, { apiKey: "a-key" });
    expect(html).toContain(`<head>\n    <script defer src="${SESSION_BOOT_PATH}"></script>\n`);
    const scripts = [...html.matchAll(/<script[^>]*>/g)].map((match) => match[0]);
    expect(scripts[0]).toBe(`<script defer src="${SESSION_BOOT_PATH}">`);
    expect(scripts[1]).toContain("/assets/index-1.js");
  });

  it("cannot be closed or commented out by a value", () => {
    const apiKey = "</script><script>alert(1)</script><!--";
    const block = clientConfigBlock({ apiKey });
    expect(block.match(/</g)).toHaveLength(2); // its own opening and closing tags only
    const json = block.slice(block.indexOf(">") + 1, block.lastIndexOf("</script>"));
    expect(JSON.parse(json)).toEqual({ apiKey });
  });

  it("refuses a page without </head>, or one a build already gave a block", () => {
    expect(() => withClientConfig("<html><body></body></html>", { apiKey: "k" })).toThrow("<head>");
    expect(() => withClientConfig(withClientConfig(SHELL, { apiKey: "k" }), { apiKey: "k" })).toThrow(CLIENT_CONFIG_ELEMENT_ID);
  });
});
