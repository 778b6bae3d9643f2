import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { baseURL as base } from "./browser";

/** One raw HTTP/1.1 request (fetch refuses to send a Host like this); resolves with the status line. */
function rawRequest(baseURL: string, path: string, host: string): Promise<string> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
    );
    let response = "";
    socket.on("data", (chunk) => {
      response += chunk;
    });
    socket.on("end", () => resolve(response.split("\r\n")[0]));
    socket.on("error", reject);
  });
}

describe("a malformed Host header", () => {
  it.each(["/about", "/", "/blog"])("answers 400 on %s, not 500", async (path) => {
    const baseURL = base();
    expect(await rawRequest(baseURL, path, "a b")).toBe("HTTP/1.1 400 Bad Request");
    expect(await rawRequest(baseURL, path, new URL(baseURL).host)).toBe("HTTP/1.1 200 OK");
  });
});
