import { Box } from '@chakra-ui/react';
import { useOnline } from './connectivity';

export const OFFLINE_BANNER_TEXT = 'Нет соединения — изменения сохраняются на устройстве';

/**
 * The global offline banner: shown while the network is proved absent, just under the header, never taking clicks
 * (forms and their buttons under it stay usable).
 */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <Box position="fixed" insetX="0" top={{ base: '16', md: '20' }} display="flex" justifyContent="center" px="3" zIndex="banner" pointerEvents="none">
      <Box
        role="status"
        aria-live="polite"
        data-testid="offline-banner"
        bg="gray.900/90"
        color="white"
        px="4"
        py="1.5"
        borderRadius="pill"
        boxShadow="md"
        fontSize={{ base: 'xs', md: 'sm' }}
        textAlign="center"
        whiteSpace={{ md: 'nowrap' }}
      >
        {OFFLINE_BANNER_TEXT}
      </Box>
    </Box>
  );
}
