import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { serviceMessageKeys } from './queries';
import type { ServiceMessageValues } from '../service-message-rules';

/** POST /v2/projects/maintance {switch, message} (SPEC §7); the banner of every open shell refreshes. */
export function useSaveServiceMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ServiceMessageValues) =>
      unwrap(api().main.POST('/v2/projects/maintance', { body: { switch: values.switch, message: values.message.trim() } })),
    onSuccess: (saved) => queryClient.setQueryData(serviceMessageKeys.current, saved),
  });
}
