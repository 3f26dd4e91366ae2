import { Badge, DataList, Drawer, HStack, Portal, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface UserDataDrawerProps {
  open: boolean;
  onClose: () => void;
  fullName: string;
  email?: string | null;
  phone?: string | null;
  company?: string | null;
  roleNames: string[];
  children?: ReactNode;
}

/** The user-data drawer opened from the avatar (SPEC §2 shell); role is shown, never editable (SPEC §5). */
export function UserDataDrawer(props: UserDataDrawerProps) {
  return (
    <Drawer.Root open={props.open} onOpenChange={(e) => !e.open && props.onClose()} placement="end" size="md">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Данные пользователя</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="6">
                <DataList.Root orientation="vertical">
                  <Item label="ФИО" value={props.fullName} />
                  <Item label="E-mail" value={props.email} />
                  <Item label="Телефон" value={props.phone} />
                  <Item label="Организация" value={props.company} />
                  <DataList.Item>
                    <DataList.ItemLabel>Роль</DataList.ItemLabel>
                    <DataList.ItemValue>
                      <HStack wrap="wrap">
                        {props.roleNames.length ? props.roleNames.map((name) => <Badge key={name}>{name}</Badge>) : 'нет группы'}
                      </HStack>
                    </DataList.ItemValue>
                  </DataList.Item>
                </DataList.Root>
                {props.children}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger aria-label="Закрыть" />
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function Item({ label, value }: { label: string; value?: string | null }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value || '—'}</DataList.ItemValue>
    </DataList.Item>
  );
}
