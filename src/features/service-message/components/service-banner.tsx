import { Alert, Button, CloseButton, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useOverflow } from '@/components/use-overflow';
import { serviceMessageQuery } from '../api/queries';
import { bannerText, hiddenBannerText, hideBannerText } from '../service-message-rules';

/** Lines of the banner shown before «Подробнее»: a long message must not take the phone's screen. */
const CLAMP_LINES = 3;

/**
 * The saved service message as a banner in the shell for every user (SPEC §2); plain text only (never HTML). A long one
 * shows its first lines with «Подробнее»; a person may hide a message they have read until it changes.
 */
export function ServiceBanner() {
  const { data, isPending, fetchStatus, failureCount } = useQuery(serviceMessageQuery());
  const text = bannerText(data);
  const [hidden, setHidden] = useState(hiddenBannerText);
  const [expanded, setExpanded] = useState(false);
  const textRef = useRef<HTMLParagraphElement>(null);
  const overflows = useOverflow(textRef, [text, hidden, expanded]);

  // The first read of the message (it is never kept across a reload) is in flight: said to the shell, which keeps the
  // last visit's picture of the screen — banner included — until then (lib/screen-snapshot-release.ts). Offline the
  // read waits (paused), and nothing is said: the picture then gives way to the app without a banner. Once that read
  // has failed, its retries (1 s later, then 2 s) are not waited for either: the picture stayed while they waited, and
  // every click on it went to nothing (an offline reload: 0.8 s after the app's screen was ready).
  if (isPending && fetchStatus === 'fetching' && failureCount === 0) return <div hidden aria-busy="true" />;
  if (!text || text === hidden) return null;
  return (
    // The class marks the banner in a kept picture of the screen: offline, boot-frame.js takes it out of the picture, as
    // the app cannot read the message then (scripts/boot-preload.mjs).
    // In a landmark of its own: outside one, a screen reader's list of landmarks skipped the message (issue 50).
    <section aria-label="Сервисное сообщение">
      <Alert.Root status="warning" borderRadius="0" role="status" data-testid="service-banner" className="cab-service-banner" alignItems="flex-start">
        <Alert.Indicator aria-hidden="true" />
        <Stack gap="1" flex="1" minW="0">
          <Alert.Description asChild>
            <Text ref={textRef} whiteSpace="pre-line" overflowWrap="anywhere" lineClamp={expanded ? undefined : CLAMP_LINES}>
              {text}
            </Text>
          </Alert.Description>
          {(overflows || expanded) && (
            <HStack>
              {/* 24 px tall for a finger (WCAG 2.5.8) within the 22 px the frame's banner keeps for it (index.html). */}
              <Button variant="plain" size="sm" p="0" h="6" my="-1px" color="inherit" textDecoration="underline" aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
                {expanded ? 'Свернуть' : 'Подробнее'}
              </Button>
            </HStack>
          )}
        </Stack>
        <CloseButton
          size="sm"
          aria-label="Скрыть сообщение"
          title="Скрыть сообщение"
          mt="-1"
          onClick={() => {
            hideBannerText(text);
            setHidden(text);
          }}
        />
      </Alert.Root>
    </section>
  );
}
