import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { sharedResolve } from "./vitest.shared.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: sharedResolve,
});
