import { Badge, Box, Button, Card, Flex, HStack, IconButton, Stack, Table, Text, VisuallyHidden, useBreakpointValue } from '@chakra-ui/react';
import { GroupsIcon, RefreshIcon } from '@/components/icons';
import { roleIdsFromGroups } from '@/lib/roles';
import { ROLE_NAMES } from '@/lib/role-names';
import type { UserRow } from '../api/users-list';
import type { Group } from '../api/groups';
import { canLogInAs, tokenValidity, type TokenValidity } from '../token-validity';

export interface UsersTableProps {
  users: UserRow[];
  groups: Group[] | undefined;
  now: number;
  /** Administrators assign groups, refresh tokens and log in as (SPEC §6). */
  canManage: boolean;
  currentUserId: number;
  loggingInAsId: number | null;
  onAssign: (user: UserRow) => void;
  onRefresh: (user: UserRow) => void;
  onLoginAs: (user: UserRow) => void;
}

/** One lookup per groups answer, not one per row (a broken answer may list thousands of groups). */
const lookups = new WeakMap<Group[], Map<number, string>>();

export function groupNames(user: UserRow, groups: Group[] | undefined): string[] {
  let byId = groups ? lookups.get(groups) : undefined;
  if (!byId) {
    byId = new Map(groups?.map((g) => [g.id, g.name]));
    if (groups) lookups.set(groups, byId);
  }
  return roleIdsFromGroups(user.groups).map((id) => byId.get(id) ?? ROLE_NAMES[id]);
}

export const displayName = (user: UserRow) =>
  user.fio?.trim() || [user.lastname, user.firstname, user.middlename].filter(Boolean).join(' ') || user.username || `Пользователь ${user.id}`;

const TOKEN_COLOR = { valid: 'green.fg', expired: 'red.fg', none: 'fg.muted' } as const;

/** SPEC §2 columns: ID, full name, e-mail, phone, groups, assign-group button, token validity with refresh, log in as. */
export function UsersTable(props: UsersTableProps) {
  const compact = useBreakpointValue({ base: true, lg: false }, { fallback: 'lg' });
  if (compact) return <UserCards {...props} />;
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" bg="bg">
      {/* The scroll area keeps cells on one line; names, e-mails and token dates may wrap here. */}
      <Table.Root size="sm" interactive whiteSpace="normal">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader w="16">ID</Table.ColumnHeader>
            <Table.ColumnHeader>ФИО</Table.ColumnHeader>
            <Table.ColumnHeader>E-mail</Table.ColumnHeader>
            <Table.ColumnHeader>Телефон</Table.ColumnHeader>
            <Table.ColumnHeader>Группы</Table.ColumnHeader>
            {props.canManage && (
              <Table.ColumnHeader>
                <VisuallyHidden>Назначение групп</VisuallyHidden>
              </Table.ColumnHeader>
            )}
            <Table.ColumnHeader>Токен</Table.ColumnHeader>
            {props.canManage && (
              <Table.ColumnHeader>
                <VisuallyHidden>Вход от имени пользователя</VisuallyHidden>
              </Table.ColumnHeader>
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {props.users.map((user) => {
            const token = tokenValidity(user.tokenExpireAt, props.now);
            const name = displayName(user);
            return (
              <Table.Row key={user.id} data-testid={`user-row-${user.id}`}>
                <Table.Cell whiteSpace="nowrap">{user.id}</Table.Cell>
                <Table.Cell fontWeight="medium" minW="48">
                  {name}
                </Table.Cell>
                <Table.Cell minW="40">
                  <EmailText email={user.email} />
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{user.phone || '—'}</Table.Cell>
                <Table.Cell>
                  <GroupBadges names={groupNames(user, props.groups)} />
                </Table.Cell>
                {props.canManage && (
                  <Table.Cell>
                    <IconButton
                      size="xs"
                      variant="outline"
                      onClick={() => props.onAssign(user)}
                      aria-label={`Назначить группы: ${name}`}
                      title="Назначить группы"
                    >
                      <GroupsIcon size={16} />
                    </IconButton>
                  </Table.Cell>
                )}
                <Table.Cell>
                  <TokenCell token={token} canManage={props.canManage} name={name} onRefresh={() => props.onRefresh(user)} />
                </Table.Cell>
                {props.canManage && (
                  <Table.Cell>
                    <LoginAsButton {...props} user={user} name={name} />
                  </Table.Cell>
                )}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function UserCards(props: UsersTableProps) {
  return (
    <Stack as="ul" listStyleType="none" m="0" p="0" gap="3">
      {props.users.map((user) => {
        const token = tokenValidity(user.tokenExpireAt, props.now);
        const name = displayName(user);
        return (
          <Card.Root as="li" key={user.id} size="sm" data-testid={`user-row-${user.id}`}>
            <Card.Body gap="2">
              <Flex justify="space-between" gap="2" align="start">
                <Text fontWeight="semibold">{name}</Text>
                <Text color="fg.muted" fontSize="sm" flexShrink={0}>
                  ID {user.id}
                </Text>
              </Flex>
              <Box fontSize="sm" color="fg.muted">
                <EmailText email={user.email} />
                <Text>{user.phone || '—'}</Text>
              </Box>
              <GroupBadges names={groupNames(user, props.groups)} />
              <TokenCell token={token} canManage={props.canManage} name={name} onRefresh={() => props.onRefresh(user)} />
              {props.canManage && (
                <HStack gap="2" wrap="wrap">
                  <Button size="xs" variant="outline" onClick={() => props.onAssign(user)} aria-label={`Назначить группы: ${name}`}>
                    Назначить группы
                  </Button>
                  <LoginAsButton {...props} user={user} name={name} />
                </HStack>
              )}
            </Card.Body>
          </Card.Root>
        );
      })}
    </Stack>
  );
}

function GroupBadges({ names }: { names: string[] }) {
  if (!names.length)
    return (
      <Text color="fg.muted" fontSize="sm">
        нет группы
      </Text>
    );
  return (
    <HStack gap="1" wrap="wrap">
      {names.map((name) => (
        <Badge key={name} variant="subtle" colorPalette="brand">
          {name}
        </Badge>
      ))}
    </HStack>
  );
}

/** An e-mail wraps after «@» (and at its dots and hyphens) only, never inside a word. */
function EmailText({ email }: { email: string | null | undefined }) {
  if (!email) return <Text>—</Text>;
  const at = email.indexOf('@');
  return (
    <Text wordBreak="normal" overflowWrap="break-word">
      {at < 0 ? email : <>{email.slice(0, at + 1)}<wbr />{email.slice(at + 1)}</>}
    </Text>
  );
}

function TokenCell(props: { token: TokenValidity; canManage: boolean; name: string; onRefresh: () => void }) {
  // "Действует до" over "25.11.2026 03:35": the date and time stay together, no word is broken.
  const label = props.token.label.replace(/(\d{2}\.\d{2}\.\d{4}) (\d{2}:\d{2})/, '$1\u00a0$2');
  return (
    <HStack gap="1" justify="space-between">
      <Text fontSize="sm" color={TOKEN_COLOR[props.token.state]} lineHeight="short" wordBreak="normal" overflowWrap="normal">
        {label}
      </Text>
      {props.canManage && (
        <IconButton size="xs" variant="ghost" aria-label={`Обновить токен: ${props.name}`} title="Обновить токен" onClick={props.onRefresh}>
          <RefreshIcon size={16} />
        </IconButton>
      )}
    </HStack>
  );
}

function LoginAsButton(props: UsersTableProps & { user: UserRow; name: string }) {
  const { user } = props;
  // SPEC §6: only while that user's token has not expired; logging in as oneself means nothing.
  const allowed = canLogInAs(user.tokenExpireAt, props.now) && user.id !== props.currentUserId;
  return (
    <Button
      size="xs"
      colorPalette="brand"
      disabled={!allowed || props.loggingInAsId !== null}
      loading={props.loggingInAsId === user.id}
      onClick={() => props.onLoginAs(user)}
      aria-label={`Войти как ${props.name}`}
      title={allowed ? undefined : user.id === props.currentUserId ? 'Это ваша учётная запись' : 'Токен пользователя истёк или отсутствует'}
    >
      Войти как
    </Button>
  );
}
