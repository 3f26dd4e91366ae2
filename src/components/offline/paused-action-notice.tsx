import { Text } from '@chakra-ui/react';

/**
 * Said under a form or in a dialog while its action waits for the network (a paused mutation): it is not lost, it
 * runs once the connection is back. `inDialog` lines it up with the dialog's body.
 */
export function PausedActionNotice({ paused, inDialog = false }: { paused: boolean; inDialog?: boolean }) {
  if (!paused) return null;
  return (
    <Text fontSize="sm" color="orange.fg" role="status" px={inDialog ? '6' : undefined}>
      Нет соединения с сервером: действие выполнится, когда связь восстановится.
    </Text>
  );
}
