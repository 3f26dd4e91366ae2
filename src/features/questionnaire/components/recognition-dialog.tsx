import { Alert, Box, Button, Dialog, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { components } from '@/lib/api/generated/main';
import { phoneFullDialog } from './dialog-size';
import { DialogCloseX } from '@/components/dialog-close';

export type ParsedResult = components['schemas']['ParsedDocumentResult'];

/**
 * Issue 50: the page breaks a server's words anywhere (a 400-character name must not widen a table past the screen),
 * which on a phone cut «наименова|ние» in two. Here words break only between syllables, where the browser knows
 * Russian hyphenation (lang="ru"), and the table's columns get at least their longest word.
 */
const WHOLE_WORDS = { '& td, & th': { overflowWrap: 'break-word', hyphens: 'auto' } } as const;

export const hasRecognitionErrors = (result: ParsedResult) => result.items.some((item) => item.values.some((v) => !!v.error));

/**
 * SPEC §2/§4 review of a recognised document: "Принять и добавить" or "Отменить загрузку"; when the result has
 * errors only "Продолжить редактирование" is offered (it declines).
 */
export default function RecognitionDialog(props: {
  fileName: string;
  result: ParsedResult;
  onAccept: () => Promise<void>;
  onDecline: () => Promise<void>;
}) {
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const errors = hasRecognitionErrors(props.result);
  const run = (kind: 'accept' | 'decline') => async () => {
    setBusy(kind);
    try {
      await (kind === 'accept' ? props.onAccept() : props.onDecline());
    } finally {
      setBusy(null);
    }
  };
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && !busy && void run('decline')()} placement="center" size={phoneFullDialog.size} scrollBehavior="inside" closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content {...phoneFullDialog.content}>
            <Dialog.Header>
              <Dialog.Title>Результаты распознавания</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text color="fg.muted" fontSize="sm">
                  Документ: {props.fileName}
                </Text>
                {errors && (
                  <Alert.Root status="error">
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Title>В файле найдены ошибки</Alert.Title>
                      <Alert.Description>Исправьте ошибки в файле и загрузите его повторно.</Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
                )}
                {props.result.items.length === 0 ? (
                  <Text>В документе не найдено данных для анкеты.</Text>
                ) : (
                  <Box overflowX="auto" css={WHOLE_WORDS} lang="ru">
                    <Table.Root size="sm">
                      <Table.Header>
                        <Table.Row>
                          <Table.ColumnHeader>Поле анкеты</Table.ColumnHeader>
                          <Table.ColumnHeader>Распознанное значение</Table.ColumnHeader>
                        </Table.Row>
                      </Table.Header>
                      <Table.Body>
                        {props.result.items.map((item) =>
                          item.values.map((v, i) => (
                            <Table.Row key={`${item.code1C}-${i}`}>
                              <Table.Cell fontWeight="medium">{item.name}</Table.Cell>
                              <Table.Cell>
                                {v.value !== null && v.value !== undefined && v.value !== '' && <Text>{String(v.value)}</Text>}
                                {v.error && (
                                  <Text color="red.fg" fontSize="sm">
                                    {v.error}
                                  </Text>
                                )}
                              </Table.Cell>
                            </Table.Row>
                          )),
                        )}
                      </Table.Body>
                    </Table.Root>
                  </Box>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap" gap="3">
              {errors ? (
                <Button onClick={run('decline')} loading={busy === 'decline'} flexGrow={{ base: 1, sm: 0 }}>
                  Продолжить редактирование
                </Button>
              ) : (
                <>
                  <Button variant="outline" onClick={run('decline')} loading={busy === 'decline'} disabled={!!busy} flexGrow={{ base: 1, sm: 0 }}>
                    Отменить загрузку
                  </Button>
                  <Button onClick={run('accept')} loading={busy === 'accept'} disabled={!!busy} flexGrow={{ base: 1, sm: 0 }}>
                    Принять и добавить
                  </Button>
                </>
              )}
            </Dialog.Footer>
            <DialogCloseX disabled={!!busy} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
