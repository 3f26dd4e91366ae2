import { Box } from '@chakra-ui/react';
import { useOnline } from '@/lib/offline/connectivity';

export const OFFLINE_BANNER_TEXT = 'Нет соединения — изменения сохраняются на устройстве';

/**
 * The global offline banner: shown while the network is proved absent, as a strip in the page's flow under the header
 * (beside the service message), so it covers neither the page title nor the service message nor any button.
 */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="offline-banner"
      bg="gray.800"
      color="white"
      px="4"
      py="1.5"
      fontSize={{ base: 'xs', md: 'sm' }}
      textAlign="center"
    >
      {OFFLINE_BANNER_TEXT}
    </Box>
  );
}
