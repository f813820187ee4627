/** A grey line where a value will be once it has loaded, one line of text high (hidden from readers). */
export function PendingLine() {
  return (
    <span className="ov-skeleton ov-skeleton--active ov-pending-line" aria-hidden="true">
      <span className="ov-skeleton__bar" />
    </span>
  );
}
