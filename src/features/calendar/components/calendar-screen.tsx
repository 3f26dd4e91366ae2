import { Suspense, cloneElement, isValidElement, lazy, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Calendar, luxonLocalizer, type Components, type DateHeaderProps, type EventWrapperProps, type View, type ViewsProps } from 'react-big-calendar';
import { DateTime } from 'luxon';
import { Alert, Box, Link as ChakraLink, Text, useBreakpointValue } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { CALENDAR_EVENT_CAP, nearestEvents, toCalendarEvents, type CalendarEvent, type CalendarTask } from '../calendar-rules';
import { DayListView } from './day-list-view';
import { FourMonthView } from './four-month-view';
import { CalendarToolbar } from './calendar-toolbar';

// The two dialogs (Chakra's dialog with its focus trap, dismissal and scroll lock: ~14 KiB gzip) are not needed to draw
// the calendar: they load right after its first frame (an effect of CalendarScreen), well before a first click can open
// one; a click that comes first opens its dialog as the chunk arrives.
const loadDayListDialog = () => import('./day-list-dialog').then((m) => ({ default: m.DayListDialog }));
const loadEventDialog = () => import('./event-dialog').then((m) => ({ default: m.EventDialog }));
const DayListDialog = lazy(loadDayListDialog);
const EventDialog = lazy(loadEventDialog);

/**
 * The calendar screen (SPEC §2 "Calendar"): react-big-calendar with the luxon localizer in Russian, the month view and
 * the four-month view. This module is loaded lazily: react-big-calendar and its CSS stay out of the main bundle.
 */
const localizer = luxonLocalizer(DateTime, { firstDayOfWeek: 1 });

const FOUR_MONTHS = 'fourMonths';
type CalendarView = 'month' | typeof FOUR_MONTHS | 'agenda';

const views = { month: true, [FOUR_MONTHS]: FourMonthView, agenda: DayListView } as unknown as ViewsProps<CalendarEvent>;

/** Phones open the list of deadlines: seven columns of 48 px hold no readable title. */
const PHONE_QUERY = '(max-width: 47.99em)';
const initialView = (): CalendarView => (typeof window !== 'undefined' && window.matchMedia?.(PHONE_QUERY).matches ? 'agenda' : 'month');

/** Every view draws a task once, on its deadline (the dialog shows the whole range). */
const dueAccessor = (event: CalendarEvent) => event.due;

const messages = {
  today: 'Сегодня',
  previous: 'Назад',
  next: 'Вперёд',
  month: 'Месяц',
  [FOUR_MONTHS]: '4 месяца',
  agenda: 'Список',
  showMore: (count: number) => `ещё ${count}`,
};
/** Phone cells are ~48 px wide: "+N" fits where "ещё N" does not. */
const phoneMessages = { ...messages, showMore: (count: number) => `+${count}` };

/**
 * react-big-calendar's month grid is role="table" > "rowgroup" > "row", but it puts the event bars and the "ещё N"
 * buttons straight into the row, outside any cell (axe aria-required-children, WCAG 1.3.1). Its week wrapper holds
 * exactly those: here it is one more cell of the week row, "Задачи недели".
 */
function WeekEvents({ children }: { children?: ReactNode }) {
  return (
    <div role="cell" aria-label="Задачи недели">
      {children}
    </div>
  );
}

/** Event bars are plain divs in react-big-calendar: made focusable buttons (Enter or Space opens the dialog). */
function FocusableEvent({ children }: EventWrapperProps<CalendarEvent> & { children?: ReactNode }) {
  if (!isValidElement<{ role?: string; tabIndex?: number }>(children)) return <>{children}</>;
  return cloneElement(children, { role: 'button', tabIndex: 0 });
}

/** Day numbers of the month grid: a screen reader hears the whole date ("5 ноября 2026"), not only "5". */
function DateHeader({ date, label, drilldownView, onDrillDown }: DateHeaderProps) {
  const full = DateTime.fromJSDate(date).setLocale('ru').toFormat('d MMMM yyyy');
  if (!drilldownView) {
    return (
      <span>
        <span aria-hidden="true">{label}</span>
        <span className="cab-sr-only">{full}</span>
      </span>
    );
  }
  return (
    <button type="button" className="rbc-button-link" onClick={onDrillDown} aria-label={full}>
      {label}
    </button>
  );
}

const components = {
  toolbar: CalendarToolbar,
  eventWrapper: FocusableEvent,
  weekWrapper: WeekEvents,
  month: { dateHeader: DateHeader },
} as Components<CalendarEvent>;

const formats = {
  monthHeaderFormat: 'LLLL yyyy',
  weekdayFormat: 'ccc',
  dateFormat: 'd',
};

export function CalendarScreen({ tasks }: { tasks: CalendarTask[] }) {
  const [now] = useState(() => Date.now());
  const all = useMemo(() => toCalendarEvents(tasks, now), [tasks, now]);
  const events = useMemo(() => nearestEvents(all, now), [all, now]);
  const [date, setDate] = useState(() => new Date(now));
  const [view, setView] = useState<CalendarView>(initialView);
  const [selected, setSelected] = useState<CalendarEvent | null>(null);
  const [day, setDay] = useState<{ date: Date; events: CalendarEvent[] } | null>(null);
  const phone = useBreakpointValue({ base: true, md: false }) ?? false;
  const root = useRef<HTMLDivElement>(null);
  const [dialogsLoaded, setDialogsLoaded] = useState(false);

  // The dialogs' chunks are requested once the calendar's first frame is painted (the animation frame comes before that
  // paint, the timeout after it); a failed chunk shows when a dialog is opened (the lazy component throws).
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        Promise.all([loadDayListDialog(), loadEventDialog()]).then(
          () => live && setDialogsLoaded(true),
          () => undefined,
        );
      });
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);

  // react-big-calendar labels its month grid "Month View" and has no prop for it: the page is Russian (WCAG 3.1.2).
  // React never rewrites the attribute (its value does not change), so setting it after each render holds.
  useEffect(() => {
    root.current?.querySelector('.rbc-month-view')?.setAttribute('aria-label', 'Календарь на месяц');
  });

  const openByKey = useCallback((event: CalendarEvent, e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    setSelected(event);
  }, []);

  // The list view (day-list-view.tsx) colours a dot of its own; the grids colour the whole bar.
  const eventPropGetter = useCallback(
    (event: CalendarEvent) => ({ style: { backgroundColor: event.color, borderColor: event.color, color: '#fff' }, className: 'cabinet-event' }),
    [],
  );

  return (
    <>
      {events.length < all.length && (
        <Alert.Root status="info" mb="3">
          <Alert.Indicator />
          <Alert.Description>
            Показаны {CALENDAR_EVENT_CAP} ближайших задач из {all.length}. Все задачи —{' '}
            <ChakraLink asChild color="brand.fg" textDecoration="underline">
              <Link to="/tasks">в разделе «Мои задачи»</Link>
            </ChakraLink>
            .
          </Alert.Description>
        </Alert.Root>
      )}
      <Text color="fg.muted" fontSize="sm" mb="2">
        Задачи показаны в день срока сдачи; сроки целиком — в карточке задачи.
      </Text>
      <Box
        ref={root}
        className="cabinet-calendar"
        bg="bg"
        borderWidth="1px"
        borderRadius="lg"
        p={{ base: '2', md: '4' }}
        // Month rows need room for several tasks; on a desktop the calendar may run a little below the fold.
        h={view === 'month' ? { base: '700px', md: 'max(780px, calc(100dvh - 170px))' } : 'auto'}
        css={CALENDAR_CSS}
      >
        <Calendar<CalendarEvent>
          localizer={localizer}
          culture="ru"
          events={events}
          startAccessor={dueAccessor}
          endAccessor={dueAccessor}
          date={date}
          onNavigate={(next) => setDate(next)}
          view={view as View}
          onView={(next) => setView(next as CalendarView)}
          views={views}
          messages={phone ? phoneMessages : messages}
          components={components}
          formats={formats}
          // "ещё N" opens the day's list in a dialog (inside the screen, whole titles) instead of the library's popup.
          popup={false}
          doShowMoreDrillDown={false}
          onShowMore={(dayEvents, dayDate) => setDay({ date: dayDate, events: dayEvents })}
          selectable={false}
          allDayAccessor="allDay"
          tooltipAccessor={(e) => `${e.title} — ${e.status}`}
          eventPropGetter={eventPropGetter}
          onSelectEvent={(event) => setSelected(event)}
          onKeyPressEvent={(event, e) => openByKey(event, e as KeyboardEvent<HTMLElement>)}
          onDrillDown={(next) => {
            setDate(next);
            setView('month');
          }}
        />
        {(dialogsLoaded || day !== null || selected !== null) && (
          <Suspense fallback={null}>
            <DayListDialog
              day={day}
              onClose={() => setDay(null)}
              onOpen={(event) => {
                setDay(null);
                setSelected(event);
              }}
            />
            <EventDialog event={selected} onClose={() => setSelected(null)} />
          </Suspense>
        )}
      </Box>
    </>
  );
}

/** Theme touches for react-big-calendar and the four-month view (brand colours, phone layout). */
const CALENDAR_CSS = {
  '& .rbc-header': { textTransform: 'capitalize', fontWeight: 500, padding: '4px 2px' },
  '& .rbc-today': { background: 'var(--chakra-colors-brand-subtle)' },
  '& .rbc-off-range-bg': { background: 'var(--chakra-colors-bg-muted)' },
  // Days of the neighbouring months: muted but readable (the library's #999 is 2.8:1 on its grey, WCAG 1.4.3).
  '& .rbc-off-range': { color: 'var(--chakra-colors-fg-muted)' },
  '& .rbc-event, & .rbc-day-slot .rbc-background-event': { fontSize: { base: '0.6875rem', md: '0.8125rem' }, padding: { base: '1px 3px', md: '1px 6px' } },
  '& .rbc-date-cell': { fontSize: { base: '0.75rem', md: '0.875rem' }, paddingRight: { base: '0', md: '4px' } },
  // Phones: every chip, «+N» and day number at least 24 × 24 px for a finger (WCAG 2.5.8; they were 45×19, 17×13, 8×18).
  '@media (max-width: 47.99em)': {
    '& .rbc-event': { lineHeight: '22px' },
    '& .rbc-show-more, & .rbc-date-cell button, & .fmv-event, & .fmv-more': { minWidth: '24px', minHeight: '24px' },
  },
  // Inside the bar: the week row clips anything outside it, and every event colour holds white text at 4.5:1.
  '& .rbc-event:focus-visible, & .fmv-event:focus-visible': { outline: '2px solid white', outlineOffset: '-4px' },
  '& .rbc-show-more': { color: 'var(--chakra-colors-brand-fg)', background: 'transparent', fontSize: { base: '0.6875rem', md: '0.8125rem' }, whiteSpace: 'nowrap' },
  // The list view: the days one under another, each its date and its tasks, whole titles wrap.
  '& .cal-agenda': { border: '1px solid var(--chakra-colors-border)', fontSize: { base: '0.8125rem', md: '0.875rem' } },
  '& .cal-agenda-day': { display: 'grid', gridTemplateColumns: { base: '6.5rem minmax(0, 1fr)', md: '12rem minmax(0, 1fr)' } },
  '& .cal-agenda li + li': { borderTop: '1px solid var(--chakra-colors-border)' },
  '& .cal-agenda h3': { padding: '6px 8px', fontWeight: 500 },
  '& .cal-agenda ul': { borderLeft: '1px solid var(--chakra-colors-border)' },
  '& .cal-agenda-empty': { padding: '16px', color: 'var(--chakra-colors-fg-muted)' },
  '& .cal-agenda-event': {
    display: 'flex',
    gap: '8px',
    alignItems: 'flex-start',
    width: '100%',
    padding: '6px 8px',
    background: 'none',
    border: 0,
    textAlign: 'left',
    font: 'inherit',
    color: 'inherit',
    cursor: 'pointer',
    overflowWrap: 'anywhere',
  },
  '& .cal-agenda-event:hover': { background: 'var(--chakra-colors-bg-muted)' },
  '& .cal-agenda-event:focus-visible': { outline: '2px solid var(--chakra-colors-brand-solid)', outlineOffset: '-2px' },
  '& .cal-agenda-status': { display: 'block', fontSize: '0.75rem', color: 'var(--chakra-colors-fg-muted)' },
  '& .cal-dot': { width: '10px', height: '10px', borderRadius: '999px', flexShrink: 0, marginTop: '0.35em' },
  '& .fmv': { display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: '16px' },
  '& .fmv-month': { border: '1px solid var(--chakra-colors-border)', borderRadius: '8px', padding: '8px' },
  '& .fmv-title': { margin: '0 0 6px', fontSize: '1rem', fontWeight: 600, textTransform: 'capitalize' },
  '& .fmv-title-button': { background: 'none', border: 0, padding: 0, cursor: 'pointer', font: 'inherit', color: 'inherit', textTransform: 'inherit' },
  '& .fmv-title-button:hover': { textDecoration: 'underline' },
  '& .fmv-grid': { display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: '2px' },
  '& .fmv-weekday': { fontSize: '0.75rem', color: 'var(--chakra-colors-fg-muted)', textAlign: 'center', padding: '2px 0' },
  '& .fmv-day': { minHeight: '58px', padding: '2px', borderRadius: '4px', background: 'var(--chakra-colors-bg-subtle)', display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 },
  '& .fmv-day-out': { background: 'transparent', color: 'var(--chakra-colors-fg-muted)' },
  '& .fmv-today': { outline: '2px solid var(--chakra-colors-brand-solid)', outlineOffset: '-2px' },
  '& .fmv-day-number': { fontSize: '0.75rem', textAlign: 'right', paddingRight: '2px' },
  '& .fmv-event': {
    color: 'white',
    border: 0,
    borderRadius: '3px',
    fontSize: '0.6875rem',
    lineHeight: 1.3,
    padding: '1px 3px',
    textAlign: 'left',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    cursor: 'pointer',
    minWidth: 0,
  },
  '& .fmv-more': { background: 'none', border: 0, padding: 0, fontSize: '0.6875rem', color: 'var(--chakra-colors-brand-fg)', cursor: 'pointer', textAlign: 'left' },
} as const;

export default CalendarScreen;
