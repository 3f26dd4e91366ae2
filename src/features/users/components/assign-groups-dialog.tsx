import { useEffect, useState } from 'react';
import { Button, Checkbox, CloseButton, Dialog, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import { EXCLUSIVE_ROLE_KINDS, ROLE_NAMES, roleIdsFromGroups, toggleGroupSelection, type RoleId } from '@/lib/roles';
import { DIALOG_WIDTH } from '@/lib/limits';
import { errorToastText } from '@/lib/api/errors';
import { notifyError, notifySuccess } from '@/components/toaster';
import { useSetGroups } from '../api/set-groups';
import type { Group } from '../api/groups';
import type { UserRow } from '../api/users-list';
import { displayName } from './users-table';

const exclusiveNote = `Роли ${EXCLUSIVE_ROLE_KINDS.flat()
  .map((id) => `«${ROLE_NAMES[id as RoleId]}»`)
  .join(' и ')} не совмещаются с другими: при выборе другой роли они снимаются.`;

/** SPEC §5 "Group assignment" with the system groups; POST /v1/users/setgroups. */
export function AssignGroupsDialog(props: { user: UserRow | null; groups: Group[] | undefined; groupsError: boolean; onClose: () => void }) {
  const { user } = props;
  const [selected, setSelected] = useState<number[]>([]);
  const setGroups = useSetGroups();

  useEffect(() => {
    if (user) setSelected(roleIdsFromGroups(user.groups));
  }, [user]);

  const save = () => {
    if (!user) return;
    setGroups.mutate(
      { userId: user.id, groups: selected },
      {
        onSuccess: () => {
          notifySuccess('Действие успешно выполнено');
          props.onClose();
        },
        onError: (error) => notifyError(errorToastText(error, 'При назначение произошла ошибка')),
      },
    );
  };

  return (
    <Dialog.Root open={!!user} onOpenChange={(e) => !e.open && !setGroups.isPending && props.onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={`${DIALOG_WIDTH.assign}px`} mx="3">
            <Dialog.Header>
              <Dialog.Title>Назначение групп</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text>
                  Пользователь: <strong>{user ? displayName(user) : ''}</strong>
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {exclusiveNote}
                </Text>
                {props.groupsError && <Text color="red.fg">Произошла ошибка при получении данных</Text>}
                {!props.groups && !props.groupsError && <Skeleton h="40" />}
                <Stack as="fieldset" gap="2" border="0" p="0" m="0">
                  <Text as="legend" srOnly>
                    Группы пользователя
                  </Text>
                  {props.groups?.map((group) => (
                    <Checkbox.Root
                      key={group.id}
                      checked={selected.includes(group.id)}
                      onCheckedChange={(e) => setSelected((current) => toggleGroupSelection(current, group.id, e.checked === true))}
                      alignItems="flex-start"
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>
                        <Text>{group.name}</Text>
                        {group.description && (
                          <Text fontSize="xs" color="fg.muted" fontWeight="normal">
                            {group.description}
                          </Text>
                        )}
                      </Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </Stack>
                {selected.length === 0 && props.groups && (
                  <Text fontSize="sm" color="orange.fg">
                    Без групп пользователь увидит только страницу поддержки.
                  </Text>
                )}
              </Stack>
            </Dialog.Body>
            {setGroups.isPaused && (
              <Text fontSize="sm" color="orange.fg" role="status" px="6">
                Нет соединения с сервером: действие выполнится, когда связь восстановится.
              </Text>
            )}
            <Dialog.Footer>
              <Button variant="outline" onClick={props.onClose} disabled={setGroups.isPending}>
                Отмена
              </Button>
              <Button onClick={save} loading={setGroups.isPending} disabled={!props.groups}>
                Назначить
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Закрыть" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
