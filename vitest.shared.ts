import { fileURLToPath } from "node:url";

/** Path aliases shared by the app build, the server bundle and the tests. */
export const sharedResolve = {
  alias: {
    "~": fileURLToPath(new URL("./app", import.meta.url)),
    "@common": fileURLToPath(new URL("./common", import.meta.url)),
  },
};
