import type { ReactNode } from 'react';
import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { DRAWER_WIDTH } from '@/lib/limits';

/** The menu as a drawer on narrow screens (SPEC §2, width 288 per §9); loaded when first opened. */
export default function NavDrawer(props: { open: boolean; onOpenChange: (open: boolean) => void; brand: ReactNode; children: ReactNode }) {
  return (
    <Drawer.Root open={props.open} onOpenChange={(e) => props.onOpenChange(e.open)} placement="start">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW={`${DRAWER_WIDTH}px`}>
            <Drawer.Header p="0" display="block">
              <Drawer.Title srOnly>Главное меню</Drawer.Title>
              {props.brand}
            </Drawer.Header>
            <Drawer.Body p="0">{props.children}</Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Закрыть меню" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
