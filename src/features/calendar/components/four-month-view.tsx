import { DateTime } from 'luxon';
import type { NavigateAction } from 'react-big-calendar';
import type { CalendarEvent } from '../calendar-rules';

/** How many months the view shows and how far "Назад"/"Вперёд" move. */
const MONTHS = 4;
const VISIBLE_PER_DAY = 2;
const WEEKDAYS = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'];

interface FourMonthViewProps {
  date: Date;
  events: CalendarEvent[];
  onSelectEvent?: (event: CalendarEvent, e: React.SyntheticEvent) => void;
  onDrillDown?: (date: Date, view: string) => void;
}

const monthTitle = (d: DateTime) => d.setLocale('ru').toFormat('LLLL yyyy');

function eventsOn(events: CalendarEvent[], day: DateTime): CalendarEvent[] {
  const from = day.startOf('day').toMillis();
  const to = day.endOf('day').toMillis();
  // Each task on its deadline day only, as in the month view.
  return events.filter((e) => e.due.getTime() <= to && e.due.getTime() >= from);
}

function MiniMonth({ month, events, onSelectEvent, onDrillDown }: { month: DateTime } & Omit<FourMonthViewProps, 'date'>) {
  const first = month.startOf('month').startOf('week');
  const last = month.endOf('month').endOf('week');
  const days: DateTime[] = [];
  for (let d = first; d <= last; d = d.plus({ days: 1 })) days.push(d);
  const today = DateTime.now().startOf('day');
  return (
    <section className="fmv-month" aria-label={monthTitle(month)}>
      <h3 className="fmv-title">
        <button type="button" className="fmv-title-button" onClick={() => onDrillDown?.(month.toJSDate(), 'month')}>
          {monthTitle(month)}
        </button>
      </h3>
      <div className="fmv-grid">
        {WEEKDAYS.map((w) => (
          <div key={w} className="fmv-weekday" aria-hidden="true">
            {w}
          </div>
        ))}
        {days.map((day) => {
          const inMonth = day.month === month.month;
          if (!inMonth) {
            // A neighbouring month's day only fills the week: it is that month's grid that marks it as today and
            // names it, so neither happens twice (30 November also opens December's first week).
            return (
              <div key={day.toISODate()} className="fmv-day fmv-day-out" aria-hidden="true">
                <span className="fmv-day-number">{day.day}</span>
              </div>
            );
          }
          const dayEvents = eventsOn(events, day);
          return (
            <div key={day.toISODate()} className={day.hasSame(today, 'day') ? 'fmv-day fmv-today' : 'fmv-day'}>
              <span className="fmv-day-number">
                <span aria-hidden="true">{day.day}</span>
                <span className="cab-sr-only">{day.setLocale('ru').toFormat('d MMMM yyyy')}</span>
              </span>
              {dayEvents.slice(0, VISIBLE_PER_DAY).map((event) => (
                <button
                  key={event.id}
                  type="button"
                  className="fmv-event"
                  style={{ background: event.color }}
                  title={event.title}
                  aria-label={`${event.title}, ${day.toFormat('dd.MM.yyyy')}`}
                  onClick={(e) => onSelectEvent?.(event, e)}
                >
                  {event.title}
                </button>
              ))}
              {dayEvents.length > VISIBLE_PER_DAY && (
                <button type="button" className="fmv-more" onClick={() => onDrillDown?.(day.toJSDate(), 'month')}>
                  ещё {dayEvents.length - VISIBLE_PER_DAY}
                </button>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}

/** SPEC §2: "a four-month view is also defined" — four compact month grids; an event opens the same dialog. */
export function FourMonthView({ date, events, onSelectEvent, onDrillDown }: FourMonthViewProps) {
  const start = DateTime.fromJSDate(date).startOf('month');
  return (
    <div className="fmv">
      {Array.from({ length: MONTHS }, (_, i) => start.plus({ months: i })).map((month) => (
        <MiniMonth key={month.toISODate()} month={month} events={events} onSelectEvent={onSelectEvent} onDrillDown={onDrillDown} />
      ))}
    </div>
  );
}

FourMonthView.range = (date: Date) => {
  const start = DateTime.fromJSDate(date).startOf('month');
  return { start: start.toJSDate(), end: start.plus({ months: MONTHS - 1 }).endOf('month').toJSDate() };
};

FourMonthView.navigate = (date: Date, action: NavigateAction) => {
  const current = DateTime.fromJSDate(date);
  if (action === 'PREV') return current.minus({ months: MONTHS }).toJSDate();
  if (action === 'NEXT') return current.plus({ months: MONTHS }).toJSDate();
  return date;
};

FourMonthView.title = (date: Date) => {
  const start = DateTime.fromJSDate(date).startOf('month');
  return `${monthTitle(start)} – ${monthTitle(start.plus({ months: MONTHS - 1 }))}`;
};
