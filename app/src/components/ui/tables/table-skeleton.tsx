interface TableSkeletonProps {
  /** What is loading, for screen readers: "Loading transactions...". */
  label: string;
  rows?: number;
  columns?: number;
}

/** Grey placeholder rows while a table's first page loads. */
export function TableSkeleton({ label, rows = 5, columns = 5 }: TableSkeletonProps) {
  return (
    <div role="status" className="p-4">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className="animate-pulse space-y-3">
        {Array.from({ length: rows }, (_, row) => (
          <div key={row} className="flex gap-4">
            {Array.from({ length: columns }, (_, column) => (
              <div key={column} className="h-4 flex-1 rounded bg-slate-200" />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
