// The support team's hours, stated once: the contact page, the FAQ and the home page's
// figures all read them from here.

interface Span {
  days: string;
  /** null: closed that day. */
  hours: string | null;
}

const spans: readonly Span[] = [
  { days: 'Mon-Fri', hours: '9:00 AM-8:00 PM EST' },
  { days: 'Sat', hours: '10:00 AM-6:00 PM EST' },
  { days: 'Sun', hours: null },
];

const open = spans.filter((span) => span.hours !== null);

/** One line a span: "Mon-Fri 9:00 AM-8:00 PM EST", "Sun closed". */
export const supportHourLines: readonly string[] = spans.map(
  (span) => `${span.days} ${span.hours ?? 'closed'}`,
);

/** The hours in a sentence: "Mon-Fri 9:00 AM-8:00 PM EST and Sat 10:00 AM-6:00 PM EST; closed Sun". */
export const supportHoursText = `${open.map((span) => `${span.days} ${span.hours}`).join(' and ')}; closed ${spans
  .filter((span) => span.hours === null)
  .map((span) => span.days)
  .join(', ')}`;

/** The first to the last day support answers: "Mon–Sat". */
export const supportDays = `${open[0].days.split('-')[0]}–${open[open.length - 1].days.split('-').pop()}`;
