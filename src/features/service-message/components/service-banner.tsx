import { Alert } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { serviceMessageQuery } from '../api/queries';
import { bannerText } from '../service-message-rules';

/** The saved service message as a banner in the shell for every user (SPEC §2); plain text only (never HTML). */
export function ServiceBanner() {
  const { data } = useQuery(serviceMessageQuery());
  const text = bannerText(data);
  if (!text) return null;
  return (
    <Alert.Root status="warning" borderRadius="0" role="status" data-testid="service-banner">
      <Alert.Indicator />
      <Alert.Description whiteSpace="pre-line">{text}</Alert.Description>
    </Alert.Root>
  );
}
