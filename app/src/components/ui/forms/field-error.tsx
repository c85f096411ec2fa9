/** A field's message; always in the DOM so that screen readers hear it appear. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return (
    <p id={id} aria-live="polite" className="mt-1 min-h-0 text-sm text-red-600">
      {message ? <span role="alert">{message}</span> : null}
    </p>
  );
}
