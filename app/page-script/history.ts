/**
 * A new history entry for this document, in React Router's own shape (`usr`, `key`, `idx`), so a
 * page where React Router runs reads it as one of its own when the visitor goes back.
 */
export function pushEntry(url: string, usr?: Record<string, unknown>) {
  const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
  history.pushState({ usr: usr ?? null, key: Math.random().toString(36).slice(2, 10), idx }, "", url);
}

export function replaceEntry(url: string) {
  history.replaceState(history.state, "", url);
}
