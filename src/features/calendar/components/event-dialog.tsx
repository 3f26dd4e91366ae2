import { Badge, Button, Dialog, HStack, Stack, Text } from '@chakra-ui/react';
import { CenteredDialog } from '@/components/centered-dialog';
import { DialogCloseFooter } from '@/components/form-dialog';
import { Link } from '@tanstack/react-router';
import { formatEventRange, type CalendarEvent } from '../calendar-rules';

/** SPEC §2: clicking an event opens a dialog with title, status, description, date range (DD.MM.YYYY) and "Подробнее". */
export function EventDialog({ event, onClose }: { event: CalendarEvent | null; onClose: () => void }) {
  return (
    <CenteredDialog open={!!event} onClose={onClose} maxW="lg">
      {event && (
        <>
          <Dialog.Header>
            <HStack gap="3" align="flex-start">
              <span aria-hidden="true" style={{ width: 12, height: 12, borderRadius: 999, background: event.color, marginTop: 7, flexShrink: 0 }} />
              <Dialog.Title lineHeight="short">{event.title}</Dialog.Title>
            </HStack>
          </Dialog.Header>
          <Dialog.Body>
            <Stack gap="3">
              <HStack gap="2" wrap="wrap">
                <Text color="fg.muted" fontSize="sm">
                  Статус:
                </Text>
                <Badge colorPalette="brand" variant="subtle">
                  {event.status}
                </Badge>
              </HStack>
              <Text>
                <Text as="span" color="fg.muted" fontSize="sm">
                  Сроки:{' '}
                </Text>
                {formatEventRange(event)}
                {event.datesMissing && (
                  <Text as="span" color="fg.muted" fontSize="sm">
                    {' '}
                    (сроки задачи не заданы)
                  </Text>
                )}
              </Text>
              <Text whiteSpace="pre-line" color={event.description ? 'fg' : 'fg.muted'}>
                {event.description || 'Описание отсутствует'}
              </Text>
            </Stack>
          </Dialog.Body>
          <DialogCloseFooter onClose={onClose}>
            <Button asChild colorPalette="brand">
              <Link to="/tasks/$id" params={{ id: String(event.id) }}>
                Подробнее
              </Link>
            </Button>
          </DialogCloseFooter>
        </>
      )}
    </CenteredDialog>
  );
}
