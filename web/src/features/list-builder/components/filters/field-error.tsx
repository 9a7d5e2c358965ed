/** A field's error, read out by screen readers when it appears. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return (
    <p id={id} role={message ? 'alert' : undefined} className="mt-1 text-xs text-rose-600 empty:hidden">
      {message}
    </p>
  );
}
