import { useEffect, useState } from "react";
import {
  Checkbox,
  Dialog,
  Portal,
  Skeleton,
  Stack,
  Text,
} from "@chakra-ui/react";
import { roleIdsFromGroups, type RoleId } from "@/lib/roles";
import { ROLE_NAMES } from "@/lib/role-names";
import { EXCLUSIVE_ROLE_KINDS, toggleGroupSelection } from "../group-selection";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { DIALOG_WIDTH } from "@/lib/limits";
import { notifySuccess } from "@/components/toaster";
import { useSetGroups } from "../api/set-groups";
import type { Group } from "../api/groups";
import type { UserRow } from "../api/users-list";
import { displayName } from "./users-table";
import { DialogCloseX } from '@/components/dialog-close';
import { MutationDialogFooter } from "@/components/form-dialog";

const exclusiveNote = `Роли ${EXCLUSIVE_ROLE_KINDS.flat()
  .map((id) => `«${ROLE_NAMES[id as RoleId]}»`)
  .join(
    " и ",
  )} не совмещаются с другими: при выборе другой роли они снимаются.`;

const ADMIN_ROLE_ID = 2;

/** The warning before administrators change their own groups (the server keeps the last administrator's role). */
export function ownGroupsWarning(current: number[], next: number[]): string {
  if (current.includes(ADMIN_ROLE_ID) && !next.includes(ADMIN_ROLE_ID)) {
    return `Вы снимаете с себя роль «${ROLE_NAMES[ADMIN_ROLE_ID]}»: управление пользователями станет вам недоступно, вернуть роль сможет только другой администратор.`;
  }
  return "Вы меняете группы своей учётной записи: меню и доступные разделы изменятся сразу после назначения.";
}

const sameGroups = (a: number[], b: number[]) =>
  a.length === b.length && a.every((g) => b.includes(g));

/** SPEC §5 "Group assignment" with the system groups; POST /v1/users/setgroups. Own groups change only after a warning. */
export function AssignGroupsDialog(props: {
  user: UserRow | null;
  currentUserId: number;
  groups: Group[] | undefined;
  groupsError: boolean;
  onClose: () => void;
}) {
  const { user } = props;
  const [selected, setSelected] = useState<number[]>([]);
  const [confirmOwn, setConfirmOwn] = useState(false);
  const setGroups = useSetGroups();

  useEffect(() => {
    if (user) setSelected(roleIdsFromGroups(user.groups));
    setConfirmOwn(false);
  }, [user]);

  const own = !!user && user.id === props.currentUserId;
  const current = user ? roleIdsFromGroups(user.groups) : [];

  const save = (confirmed = false) => {
    if (!user) return;
    if (own && !confirmed && !sameGroups(current, selected)) {
      setConfirmOwn(true);
      return;
    }
    setConfirmOwn(false);
    setGroups.mutate(
      { userId: user.id, groups: selected },
      {
        onSuccess: () => {
          notifySuccess("Действие успешно выполнено");
          props.onClose();
        },
      },
    );
  };

  return (
    <>
      <Dialog.Root
        open={!!user}
        onOpenChange={(e) => !e.open && !setGroups.isPending && props.onClose()}
        placement="center"
      >
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
                    Пользователь:{" "}
                    <strong>{user ? displayName(user) : ""}</strong>
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {exclusiveNote}
                  </Text>
                  {props.groupsError && (
                    <Text color="red.fg">
                      Произошла ошибка при получении данных
                    </Text>
                  )}
                  {!props.groups && !props.groupsError && <Skeleton h="40" />}
                  <Stack as="fieldset" gap="2" border="0" p="0" m="0">
                    <Text as="legend" srOnly>
                      Группы пользователя
                    </Text>
                    {props.groups?.map((group) => (
                      <Checkbox.Root
                        key={group.id}
                        checked={selected.includes(group.id)}
                        onCheckedChange={(e) =>
                          setSelected((current) =>
                            toggleGroupSelection(
                              current,
                              group.id,
                              e.checked === true,
                            ),
                          )
                        }
                        alignItems="flex-start"
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>
                          <Text>{group.name}</Text>
                          {group.description && (
                            <Text
                              fontSize="xs"
                              color="fg.muted"
                              fontWeight="normal"
                            >
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
              <MutationDialogFooter
                mutation={setGroups}
                onCancel={props.onClose}
                actionLabel="Назначить"
                onAction={() => save()}
                actionDisabled={!props.groups}
              />
              <DialogCloseX />
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      <ConfirmDialog
        open={confirmOwn}
        title="Изменить свои группы?"
        message={ownGroupsWarning(current, selected)}
        confirmLabel="Изменить свои группы"
        onConfirm={() => save(true)}
        onClose={() => setConfirmOwn(false)}
      />
    </>
  );
}
