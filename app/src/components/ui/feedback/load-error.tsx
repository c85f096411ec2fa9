import { messageOf } from '../../../lib/api-client';
import { Button } from '../basics/button';

interface LoadErrorProps {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** A list or panel that could not load, with a way to try again. */
export function LoadError({ message, onRetry, retrying = false }: LoadErrorProps) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 p-8 text-center">
      <p className="text-slate-700">{message}</p>
      <Button variant="secondary" onClick={onRetry} loading={retrying}>
        Retry
      </Button>
    </div>
  );
}

interface QueryLoadErrorProps {
  /** The query that failed: its message shows, and Retry fetches it again. */
  query: { error: unknown; refetch: () => unknown; isFetching: boolean };
  /** The message when the server gave none. */
  fallback: string;
}

/** LoadError for a failed query. */
export function QueryLoadError({ query, fallback }: QueryLoadErrorProps) {
  return (
    <LoadError
      message={messageOf(query.error, fallback)}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}
