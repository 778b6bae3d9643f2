import { SESSION_MESSAGES } from "@common/staff/sessions";
import { LogOut } from "lucide-react";
import { useFetcher } from "react-router";
import { type Answer, useAnswerMessages } from "~/lib/action-answer";
import { useMessages } from "~/lib/messages";
import { ukTime } from "~/lib/uk-time";
import { Loading } from "../Loading";

interface Listing {
  id: string;
  device: string;
  firstSeen: string;
  lastSeen: string;
  current: boolean;
}

const cellLabel = "text-xs font-semibold text-muted";

/**
 * 'Account' → 'Sessions': every browser signed in to the account (this one marked), 'Sign out'
 * for each other one and 'Sign out everywhere else'. Answers come as messages.
 */
export function AccountSessions({ sessions }: { sessions: Listing[] }) {
  const fetcher = useFetcher<Answer>();
  const { add } = useMessages();
  const busy = fetcher.state !== "idle";
  useAnswerMessages(fetcher, add);
  const others = sessions.filter((s) => !s.current).length;
  return (
    <section aria-labelledby="account-sessions" className="mt-10 flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-4">
        <h2 id="account-sessions" className="h-card">
          {SESSION_MESSAGES.heading}
        </h2>
        {busy && <Loading />}
      </div>
      <p className="text-muted">{SESSION_MESSAGES.intro}</p>
      <ul className="flex flex-col gap-3" aria-busy={busy}>
        {sessions.map((session) => {
          const deviceId = `session-${session.id}`;
          return (
            <li key={session.id} className="card flex flex-wrap items-center gap-x-6 gap-y-2 p-4">
              <p className="min-w-0 flex-1 basis-full sm:basis-48">
                <span id={deviceId} className="font-bold">
                  {session.device}
                </span>
                {session.current && (
                  <span className="ml-2 rounded-full border border-border px-2 py-0.5 text-xs font-semibold">
                    {SESSION_MESSAGES.thisOne}
                  </span>
                )}
              </p>
              <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
                <div>
                  <dt className={cellLabel}>{SESSION_MESSAGES.firstSeen}</dt>
                  <dd>
                    <time dateTime={session.firstSeen}>{ukTime(session.firstSeen)}</time>
                  </dd>
                </div>
                <div>
                  <dt className={cellLabel}>{SESSION_MESSAGES.lastSeen}</dt>
                  <dd>
                    <time dateTime={session.lastSeen}>{ukTime(session.lastSeen)}</time>
                  </dd>
                </div>
              </dl>
              {!session.current && (
                <fetcher.Form method="post" className="ml-auto">
                  <input type="hidden" name="intent" value="end-session" />
                  <input type="hidden" name="id" value={session.id} />
                  <button
                    type="submit"
                    className="btn btn-ghost"
                    aria-describedby={deviceId}
                    aria-disabled={busy}
                  >
                    <LogOut aria-hidden="true" className="size-5" />
                    {SESSION_MESSAGES.signOut}
                  </button>
                </fetcher.Form>
              )}
            </li>
          );
        })}
      </ul>
      {others > 0 && (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="end-others" />
          <button type="submit" className="btn btn-danger" aria-disabled={busy}>
            <LogOut aria-hidden="true" className="size-5" />
            {SESSION_MESSAGES.signOutOthers}
          </button>
        </fetcher.Form>
      )}
    </section>
  );
}
