/** Day separators and times of a thread, in the viewer's locale and time zone. */
const dayName = new Intl.DateTimeFormat(undefined, { weekday: "long", day: "numeric", month: "long" });
const dayNameWithYear = new Intl.DateTimeFormat(undefined, { dateStyle: "full" });
const time = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });
const dateAndTime = new Intl.DateTimeFormat(undefined, {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
});

/** The local calendar day of an instant, as a key ("2026-11-25"). */
export function dayKey(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
}

/** "Today", "Yesterday", "Monday, 23 November" (with the year when it is not this year). */
export function dayLabel(iso: string, now = new Date()): string {
  const key = dayKey(iso);
  if (key === dayKey(now.toISOString())) return "Today";
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (key === dayKey(yesterday.toISOString())) return "Yesterday";
  const d = new Date(iso);
  return d.getFullYear() === now.getFullYear() ? dayName.format(d) : dayNameWithYear.format(d);
}

/** "11:52" today; "23 Nov, 11:52" on another day: a time never reads as today's when it is not. */
export function messageTime(iso: string, now = new Date()): string {
  const d = new Date(iso);
  return dayKey(iso) === dayKey(now.toISOString()) ? time.format(d) : dateAndTime.format(d);
}
