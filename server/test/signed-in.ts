import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import type { Role } from "../../common/staff/roles";
import { signIn } from "./content";
import { buildTestApp } from "./harness";

/**
 * The API test's usual start, once: an app on a fresh database (buildTestApp) with an Owner
 * signed in, built before the describe block's tests and closed after them. Read `app` and `token`
 * inside tests and hooks (they are set once the block starts).
 */
export function signedInApp(kind: "pglite" | "postgres", env: Record<string, string> = {}) {
  const signedIn = {} as { app: FastifyInstance; token: string };
  beforeAll(async () => {
    signedIn.app = await buildTestApp(kind, env);
    signedIn.token = await signIn(signedIn.app);
  });
  afterAll(() => signedIn.app?.close());
  return signedIn;
}

/** A colleague with `role` (made if missing) signed in through the API; the session's token. */
export async function signInAs(app: FastifyInstance, role: Role, email = `staff-${role}@example.co.uk`) {
  const password = `${role}-password-123`;
  if (!(await app.services.accounts.findByEmail(email)))
    await app.services.accounts.create(email, password, role);
  const res = await app.inject({ method: "POST", url: "/api/admin/login", payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return res.json().auth as string;
}
