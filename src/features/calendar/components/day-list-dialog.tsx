import { Button, Dialog, Stack, Text } from '@chakra-ui/react';
import { CenteredDialog } from '@/components/centered-dialog';
import { DialogCloseFooter } from '@/components/form-dialog';
import { DateTime } from 'luxon';
import type { CalendarEvent } from '../calendar-rules';

/**
 * The tasks of one crowded day ("ещё N" of the month grid): a dialog inside the screen, every title whole (wrapped),
 * each opening the task's own dialog.
 */
export function DayListDialog({ day, onClose, onOpen }: { day: { date: Date; events: CalendarEvent[] } | null; onClose: () => void; onOpen: (event: CalendarEvent) => void }) {
  const title = day ? `Задачи на ${DateTime.fromJSDate(day.date).setLocale('ru').toFormat('d MMMM yyyy')}` : '';
  return (
    <CenteredDialog open={!!day} onClose={onClose} maxW="md" scrollInside>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack as="ul" gap="1" listStyleType="none">
          {day?.events.map((event) => (
            <li key={event.id}>
              <Button
                variant="ghost"
                w="full"
                h="auto"
                py="2"
                px="2"
                justifyContent="flex-start"
                alignItems="flex-start"
                textAlign="left"
                whiteSpace="normal"
                fontWeight="normal"
                onClick={() => onOpen(event)}
              >
                <span aria-hidden="true" style={{ width: 10, height: 10, borderRadius: 999, background: event.color, marginTop: 6, flexShrink: 0 }} />
                <Stack gap="0" minW="0">
                  <Text fontWeight="medium" overflowWrap="anywhere">
                    {event.title}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {event.status}
                  </Text>
                </Stack>
              </Button>
            </li>
          ))}
        </Stack>
      </Dialog.Body>
      <DialogCloseFooter onClose={onClose} />
    </CenteredDialog>
  );
}
