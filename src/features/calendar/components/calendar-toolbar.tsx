import { Button, ButtonGroup, Flex, Heading } from '@chakra-ui/react';
import type { ToolbarProps, View } from 'react-big-calendar';
import type { CalendarEvent } from '../calendar-rules';

export const VIEW_LABELS: Record<string, string> = { month: 'Месяц', fourMonths: '4 месяца', agenda: 'Список' };

/** The calendar toolbar in the cabinet's own buttons: navigation, the period and the view switch; wraps on a phone. */
export function CalendarToolbar({ label, onNavigate, onView, view }: ToolbarProps<CalendarEvent>) {
  return (
    <Flex gap="3" mb="3" wrap="wrap" align="center" justify="space-between">
      <ButtonGroup size="sm" variant="outline" attached>
        <Button onClick={() => onNavigate('TODAY')}>Сегодня</Button>
        <Button onClick={() => onNavigate('PREV')}>Назад</Button>
        <Button onClick={() => onNavigate('NEXT')}>Вперёд</Button>
      </ButtonGroup>
      <Heading
        as="h2"
        size="md"
        className="rbc-toolbar-label"
        textTransform="capitalize"
        order={{ base: -1, md: 0 }}
        flexBasis={{ base: '100%', md: 'auto' }}
        textAlign={{ base: 'left', md: 'center' }}
        aria-live="polite"
      >
        {label}
      </Heading>
      <ButtonGroup size="sm" attached role="group" aria-label="Вид календаря">
        {Object.entries(VIEW_LABELS).map(([name, text]) => (
          <Button
            key={name}
            variant={view === name ? 'solid' : 'outline'}
            colorPalette="brand"
            aria-pressed={view === name}
            onClick={() => onView(name as View)}
          >
            {text}
          </Button>
        ))}
      </ButtonGroup>
    </Flex>
  );
}
