import { Button, HStack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { publishWorkerSent, useWorkerSent } from '@/lib/offline/status';

/** How long the notice stays unless closed. */
const NOTICE_MS = 10_000;
export const WORKER_SENT_TEXT = 'Изменения, сделанные без сети, отправлены';

/**
 * Said once when the cabinet opens after the service worker sent edits or files with every tab closed (DESIGN.md
 * "Background send"): the person left them on the device, and they are on the server now.
 */
export function WorkerSentNotice() {
  const sent = useWorkerSent();
  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => publishWorkerSent(0), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [sent]);
  if (!sent) return null;
  return (
    <HStack role="status" data-testid="worker-sent" pointerEvents="auto" bg="bg.panel" borderWidth="1px" borderColor="border" borderRadius="xl" boxShadow="lg" px="4" py="3" gap="4" wrap="wrap" justify="center" maxW="lg">
      <Text>{WORKER_SENT_TEXT}</Text>
      <Button size="sm" variant="ghost" onClick={() => publishWorkerSent(0)}>
        Закрыть
      </Button>
    </HStack>
  );
}
