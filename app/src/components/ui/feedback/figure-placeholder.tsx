/** A grey block where a figure shows once it loaded; screen readers hear "Loading". */
export function FigurePlaceholder({ size }: { size: string }) {
  return (
    <span className={`inline-block ${size} animate-pulse rounded bg-slate-200`}>
      <span className="sr-only">Loading</span>
    </span>
  );
}
