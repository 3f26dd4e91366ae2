import { Box, Portal, Tooltip } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The full page title in a tooltip (SPEC §2/§9). Loaded only for a long title: the tooltip's positioning code is not first-load JavaScript. */
export default function TitleTooltip({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Tooltip.Root openDelay={300}>
      <Tooltip.Trigger asChild>
        <Box flex="1" minW="0">
          {children}
        </Box>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content maxW="lg">{title}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
