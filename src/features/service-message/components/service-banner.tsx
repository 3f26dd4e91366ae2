import { Alert } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { serviceMessageQuery } from '../api/queries';

/** The saved service message as a banner in the shell; plain text only (never HTML). */
export function ServiceBanner() {
  const { data } = useQuery(serviceMessageQuery());
  if (!data || Number(data.switch) !== 1 || !data.message?.trim()) return null;
  return (
    <Alert.Root status="warning" borderRadius="0" role="status" data-testid="service-banner">
      <Alert.Indicator />
      <Alert.Description whiteSpace="pre-line">{data.message}</Alert.Description>
    </Alert.Root>
  );
}
