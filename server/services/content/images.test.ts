import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { makePng } from "../../test/content";
import { buildTestApp, TEST_DATABASES } from "../../test/harness";

// Every sharp pipeline the image service starts is counted.
const pipelines = vi.hoisted(() => ({ count: 0 }));
vi.mock("sharp", async (importOriginal) => {
  const real = (await importOriginal<typeof import("sharp")>()).default;
  const counted = (...args: Parameters<typeof real>) => {
    pipelines.count++;
    return real(...args);
  };
  return { default: Object.assign(counted, real) };
});

describe.each(TEST_DATABASES)("image renditions on %s", (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp(kind);
  });
  afterAll(() => app.close());

  it("resizes once when many first requests for one width arrive together", async () => {
    const { id } = await app.services.images.add(await makePng(1200, 800));
    const before = pipelines.count;
    const results = await Promise.all(Array.from({ length: 8 }, () => app.services.images.variant(id, 480)));
    expect(pipelines.count - before).toBe(1);
    expect(new Set(results.map((r) => r?.data.length)).size).toBe(1);
    expect(results[0]?.contentType).toBe("image/webp");
    // Kept: later requests read it, no pipeline at all; another width is made once more.
    await app.services.images.variant(id, 480);
    await Promise.all([app.services.images.variant(id, 960), app.services.images.variant(id, 960)]);
    expect(pipelines.count - before).toBe(2);
  });
});
