import { Alert, Box, Button, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useLayoutEffect, useState, useSyncExternalStore, type ComponentProps } from 'react';
import { getDraftStore, type DraftStore, type DraftSyncStatus } from '@/lib/offline/draft-store';
import { pluralRu } from '@/lib/plural';
import { saveStateText, useDraftSyncState } from '@/lib/offline/save-state';

/**
 * What the user sees of the offline layer on a questionnaire (DESIGN.md "Offline drafts"): the save state and the
 * edits the server refused with its messages. The global "Нет соединения" banner is in offline-banner.tsx.
 */
const DOT: Record<DraftSyncStatus, string> = {
  saved: 'green.solid',
  saving: 'brand.solid',
  pending: 'orange.solid',
  offline: 'gray.solid',
};

/**
 * Issue 19: whether the component's first render has been committed. The save state and the refused edits are read
 * through `useSyncExternalStore`, and they sit in the questionnaire's form, whose first render React does in the
 * background, in slices (DeferredMount). The draft store finishes reading its queue about then (`ready`: «Сохранение…»
 * turns into «Все изменения сохранены»): a store that changed under a background render makes React throw that render
 * away and do it again in one piece (its check that every store still says what was drawn), and the whole form was
 * rendered twice, the second time as one long task (3 of 5 first visits of START-2026). Mounted from a layout effect,
 * the views render just after the form's commit in a small render of their own, before the browser paints: what is on
 * screen is the same, and the store is read at once as before.
 */
function useCommitted(): boolean {
  const [committed, setCommitted] = useState(false);
  useLayoutEffect(() => setCommitted(true), []);
  return committed;
}

type IndicatorProps = { hash: string; store?: DraftStore };

export function SaveStateIndicator(props: IndicatorProps) {
  return useCommitted() ? <SaveState {...props} /> : null;
}

function SaveState({ hash, store = getDraftStore() }: IndicatorProps) {
  const state = useDraftSyncState(hash, store);
  return (
    <Stack gap="1">
      <HStack gap="2" role="status" aria-live="polite" data-testid="save-state" data-status={state.status} fontSize="sm" color="fg.muted">
        <Box w="2" h="2" borderRadius="full" bg={DOT[state.status]} flexShrink={0} aria-hidden="true" />
        <Text>{saveStateText(state)}</Text>
      </HStack>
      {!!state.failing?.length && (
        // One edit the server keeps refusing: said here and at its field; other edits keep flowing meanwhile.
        <HStack gap="2" role="alert" data-testid="failing-edits" fontSize="sm" color="orange.fg">
          <Text>
            Сервер не принимает {state.failing.length} {pluralRu(state.failing.length, 'изменение', 'изменения', 'изменений')}
          </Text>
          {store.retryNow && (
            <Button size="xs" variant="outline" onClick={() => retryAll(store, state.failing ?? [])}>
              Повторить
            </Button>
          )}
        </HStack>
      )}
      {state.storageError && (
        // Reliability issue, point 6: the device refused the draft (full, broken): said plainly, edits still go out.
        <Text role="alert" fontSize="sm" color="orange.fg" data-testid="storage-error">
          {state.storageError}
        </Text>
      )}
    </Stack>
  );
}

function retryAll(store: DraftStore, failing: readonly { hash: string; field: string }[]) {
  for (const edit of failing) void store.retryNow?.(edit.hash, edit.field);
}

/** Text shown at a field whose edit the server keeps refusing (FAILING_AFTER_ATTEMPTS). */
export const FAILING_EDIT_TEXT = 'Сервер не принимает изменение';

/** Whether the server keeps refusing the edit of one field (a primitive snapshot, like useRejectedMessage). */
export function useFailingEdit(hash: string | null, field: string, store: DraftStore = getDraftStore()): boolean {
  return useSyncExternalStore(
    (listener) => (hash ? store.subscribe(listener) : () => undefined),
    () => (hash ? !!store.getState(hash).failing?.some((f) => f.field === field) : false),
  );
}

/** Under a field: the server keeps refusing its edit; «Повторить» sends it again now (nothing is dropped meanwhile). */
export function FailingEditNotice({ hash, field, store = getDraftStore() }: { hash: string; field: string; store?: DraftStore }) {
  return (
    <HStack gap="2" role="alert" fontSize="sm" color="orange.fg" data-testid="failing-edit">
      <Text>{FAILING_EDIT_TEXT}</Text>
      {store.retryNow && (
        <Button size="xs" variant="outline" onClick={() => void store.retryNow?.(hash, field)}>
          Повторить
        </Button>
      )}
    </HStack>
  );
}

/** The server's message for one field of a draft, to show under the field (undefined when none). */
export function useRejectedMessage(hash: string | null, field: string, store: DraftStore = getDraftStore()): string | undefined {
  // A primitive snapshot: a field re-renders only when its own message changes, not on every save-state tick.
  return useSyncExternalStore(
    (listener) => (hash ? store.subscribe(listener) : () => undefined),
    () => (hash ? store.getState(hash).rejected.find((r) => r.field === field)?.message : undefined),
  );
}

/** Edits the server refused (4xx), listed with its messages; each can be edited again or given up. */
export function RejectedEdits(props: ComponentProps<typeof RejectedList>) {
  return useCommitted() ? <RejectedList {...props} /> : null;
}

function RejectedList({
  hash,
  fieldTitle,
  store = getDraftStore(),
}: {
  hash: string;
  fieldTitle?: (field: string) => string | undefined;
  store?: DraftStore;
}) {
  const state = useDraftSyncState(hash, store);
  if (!state.rejected.length) return null;
  return (
    <Alert.Root status="error" role="alert" data-testid="rejected-edits">
      <Alert.Indicator aria-hidden="true" />
      <Alert.Content>
        <Alert.Title>Сервер не принял изменения в полях:</Alert.Title>
        <Alert.Description>
          <List.Root gap="1" mt="1">
            {state.rejected.map((r) => (
              <List.Item key={r.field}>
                <HStack gap="3" wrap="wrap">
                  <Text>
                    <b>{fieldTitle?.(r.field) ?? r.field}</b>: {r.message}
                  </Text>
                  {store.dismissRejected && (
                    <Button size="xs" variant="outline" onClick={() => void store.dismissRejected?.(hash, r.field)}>
                      Отменить изменение
                    </Button>
                  )}
                </HStack>
              </List.Item>
            ))}
          </List.Root>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
