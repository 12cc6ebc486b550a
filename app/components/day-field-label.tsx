/** A work day's field label: the day's name for screen readers before the short label seen ("Monday From"). */
export function DayFieldLabel({ day, label }: { day: string; label: string }) {
  return (
    <>
      <span className="visually-hidden">{day} </span>
      {label}
    </>
  );
}
