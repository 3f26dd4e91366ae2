import { DateTime } from 'luxon';
import type { NavigateAction } from 'react-big-calendar';
import type { CalendarEvent } from '../calendar-rules';

/** Days the list shows and «Назад»/«Вперёд» move by (react-big-calendar's agenda length). */
const DAYS = 30;

interface DayListViewProps {
  date: Date;
  events: CalendarEvent[];
  onSelectEvent?: (event: CalendarEvent, e: React.SyntheticEvent) => void;
}

/** The first and the last moment the list shows from `date`. */
const span = (date: Date) => {
  const start = DateTime.fromJSDate(date).startOf('day');
  return [start, start.plus({ days: DAYS }).endOf('day')] as const;
};

/**
 * The list view («Список», the one phones open): the deadlines of 30 days as a list of days, each a heading and the list
 * of its tasks. It replaces react-big-calendar's agenda, which drew its header row as a table of its own above a table
 * without one (issue 50: a screen reader heard «Дата, Задача» apart from every row).
 */
export function DayListView({ date, events, onSelectEvent }: DayListViewProps) {
  const [start, end] = span(date);
  const days = new Map<string, CalendarEvent[]>();
  for (const event of [...events].sort((a, b) => +a.due - +b.due)) {
    const due = DateTime.fromJSDate(event.due);
    const day = due.setLocale('ru').toFormat('ccc, d MMMM');
    if (due >= start && due <= end) days.set(day, [...(days.get(day) ?? []), event]);
  }
  if (!days.size) return <p className="cal-agenda-empty">Нет задач в этом периоде</p>;
  return (
    <ol className="cal-agenda" aria-label="Задачи по дням">
      {[...days].map(([day, dayEvents]) => (
        <li key={day} className="cal-agenda-day">
          <h3>{day}</h3>
          <ul>
            {dayEvents.map((event) => (
              <li key={event.id}>
                <button type="button" className="cal-agenda-event" onClick={(e) => onSelectEvent?.(event, e)}>
                  <span aria-hidden="true" className="cal-dot" style={{ background: event.color }} />
                  <span>
                    {event.title} <span className="cal-agenda-status">{event.status}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

DayListView.range = (date: Date) => {
  const [start, end] = span(date);
  return { start: start.toJSDate(), end: end.toJSDate() };
};

// «Сегодня» is react-big-calendar's own (utils/move.js): only «Назад» and «Вперёд» come here.
DayListView.navigate = (date: Date, action: NavigateAction) =>
  DateTime.fromJSDate(date)
    .plus({ days: action === 'PREV' ? -DAYS : action === 'NEXT' ? DAYS : 0 })
    .toJSDate();

DayListView.title = (date: Date) => [0, DAYS].map((days) => DateTime.fromJSDate(date).plus({ days }).toFormat('dd.MM.yyyy')).join(' – ');
