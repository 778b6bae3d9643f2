import { ADMIN_GUARD_DELAY_MS } from "@common/constants";
import { useCallback } from "react";
import { useNavigate } from "react-router";

export interface AdminApiAnswer<T = unknown> {
  ok: boolean;
  status: number;
  /** The JSON body (`{status, message?, data?}`), or {} when the answer was not JSON. */
  body: { status?: string; message?: string; data?: T };
}

/**
 * Calls the admin REST API with the session cookie. A 401 means the session ended while the
 * administrator was in the app: SPEC's admin guard sends them to /admin after 200 ms.
 * A network failure answers `{ok: false, status: 0}`, so callers show their SPEC error.
 */
export function useAdminApi() {
  const navigate = useNavigate();
  return useCallback(
    async <T = unknown>(method: string, path: string, json?: unknown): Promise<AdminApiAnswer<T>> => {
      let response: Response;
      try {
        response = await fetch(path, {
          method,
          credentials: "same-origin",
          headers: json === undefined ? undefined : { "content-type": "application/json" },
          body: json === undefined ? undefined : JSON.stringify(json),
        });
      } catch {
        return { ok: false, status: 0, body: {} };
      }
      if (response.status === 401) {
        setTimeout(() => navigate("/admin", { replace: true }), ADMIN_GUARD_DELAY_MS);
      }
      const body = await response.json().catch(() => ({}));
      return { ok: response.ok, status: response.status, body };
    },
    [navigate],
  );
}
