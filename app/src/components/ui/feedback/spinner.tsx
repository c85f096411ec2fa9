export function Spinner({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <svg className={`animate-spin ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" className="opacity-25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" />
    </svg>
  );
}

/** A spinner and what is loading, e.g. "Loading packages...", as a status line. */
export function LoadingStatus({
  label,
  className = 'py-8',
}: {
  label: string;
  className?: string;
}) {
  return (
    <p role="status" className={`flex items-center gap-2 text-slate-600 ${className}`}>
      <Spinner /> {label}
    </p>
  );
}
