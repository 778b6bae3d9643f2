import { PassThrough } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { prettyLine, prettyStream, wantsPretty } from "./log-format";

const at = new Date(2026, 10, 25, 9, 5, 7).getTime();

describe("readable logs", () => {
  it("shows a request and its answer as a person reads them", () => {
    const base = { level: 30, time: at, pid: 1, hostname: "h", reqId: "b72dd3fd-fb49-49c2" };
    expect(
      prettyLine(
        JSON.stringify({
          ...base,
          req: { method: "GET", url: "/about" },
          res: { statusCode: 200 },
          responseTime: 12.4,
          msg: "request completed",
        }),
      ),
    ).toBe("09:05:07 INFO  [b72dd3fd] GET /about 200 in 12 ms\n");
    expect(
      prettyLine(
        JSON.stringify({ ...base, res: { statusCode: 200 }, responseTime: 12.4, msg: "request completed" }),
      ),
    ).toBe("09:05:07 INFO  [b72dd3fd] 200 in 12 ms\n");
  });

  it("keeps a line's own fields and an error's stack", () => {
    const line = prettyLine(
      JSON.stringify({
        level: 50,
        time: at,
        msg: "mail failed",
        attempt: 2,
        err: { stack: "Error: x\n    at y" },
      }),
    );
    expect(line).toBe("09:05:07 ERROR mail failed  attempt=2\n    Error: x\n        at y\n");
  });

  it("passes a line that is not JSON through", () => {
    expect(prettyLine("plain")).toBe("plain");
  });

  it("formats whole lines however the stream is cut", async () => {
    const out = new PassThrough();
    const stream = prettyStream(out);
    const json = JSON.stringify({ level: 40, time: at, msg: "slow" });
    stream.write(json.slice(0, 10));
    stream.write(`${json.slice(10)}\n`);
    stream.end(() => out.end());
    expect(await text(out)).toBe("09:05:07 WARN  slow\n");
  });

  it("is pretty on a terminal or when asked, JSON otherwise", () => {
    expect(wantsPretty("auto", true)).toBe(true);
    expect(wantsPretty("auto", false)).toBe(false);
    expect(wantsPretty("pretty", false)).toBe(true);
    expect(wantsPretty("json", true)).toBe(false);
  });
});
