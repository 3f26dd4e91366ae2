import { Suspense, lazy } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Box, Spinner } from '@chakra-ui/react';
import { requireArea } from '@/app/guards';
import { usePageTitle } from '@/components/page-title';
import { calendarTasksQuery } from '@/features/calendar/api/calendar-query';

// react-big-calendar with luxon (~63 KiB gzip) and its CSS live in their own chunks (DESIGN.md budgets).
const CalendarScreen = lazy(() => import('@/features/calendar/components/calendar-screen'));

/** /calendar — SPEC §2 month calendar of tasks (also a four-month view). */
export const Route = createFileRoute('/_cabinet/calendar')({
  beforeLoad: ({ context, preload }) => requireArea(context.roles, 'calendar', preload),
  loader: ({ context }) => context.queryClient.ensureQueryData(calendarTasksQuery()),
  component: CalendarRoute,
});

function CalendarRoute() {
  usePageTitle('Календарь');
  const { data } = useSuspenseQuery(calendarTasksQuery());
  return (
    <Suspense
      fallback={
        <Box py="16" textAlign="center" aria-busy="true">
          <Spinner size="lg" color="brand.solid" role="status" aria-label="Загрузка календаря" />
        </Box>
      }
    >
      <CalendarScreen tasks={data} />
    </Suspense>
  );
}
