import type { DebuggerEvent } from '../api/get-debugger-events';

/** The parameters sent, one per line, decoded. */
function sentParams(request: string): Array<[string, string]> {
  return Array.from(new URLSearchParams(request).entries());
}

/** What was sent and what came back. */
export function DebuggerDetails({ event }: { event: DebuggerEvent }) {
  const params = sentParams(event.request);
  return (
    <div className="grid gap-4 text-sm lg:grid-cols-2">
      <section aria-label="Request">
        <h3 className="font-semibold text-slate-900">
          Request <span className="font-mono text-xs text-slate-500">{event.method}</span>
        </h3>
        <p className="font-mono text-xs break-all text-slate-700">{event.url}</p>
        {params.length > 0 && (
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 font-mono text-xs">
            {params.map(([name, value]) => (
              <div key={name} className="contents">
                <dt className="text-slate-500">{name}</dt>
                <dd className="break-all text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <section aria-label="Response">
        <h3 className="font-semibold text-slate-900">
          Response{' '}
          <span className="font-mono text-xs text-slate-500">
            {event.status ?? 'none'} · {event.durationMs} ms
          </span>
        </h3>
        {event.message && <p className="text-red-700">{event.message}</p>}
        {event.response ? (
          <pre className="mt-2 max-h-60 overflow-auto rounded bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap text-slate-800">
            {event.response}
          </pre>
        ) : (
          <p className="text-slate-500">No body came back.</p>
        )}
      </section>
    </div>
  );
}
