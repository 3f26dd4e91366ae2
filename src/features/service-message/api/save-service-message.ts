import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { serviceMessageKeys } from './queries';
import type { ServiceMessageValues } from '../service-message-rules';

const saveServiceMessage = (values: ServiceMessageValues) =>
  unwrap(api().main.POST('/v2/projects/maintance', { body: { switch: values.switch, message: values.message.trim() } }));

/**
 * POST /v2/projects/maintance {switch, message} (SPEC §7); the banner of every open shell refreshes. A failure toasts
 * the server's message when present (SPEC §8), else «Не удалось сохранить сервисное сообщение».
 */
export function useSaveServiceMessage(
  options: Omit<UseMutationOptions<Awaited<ReturnType<typeof saveServiceMessage>>, Error, ServiceMessageValues>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    meta: { errorText: 'Не удалось сохранить сервисное сообщение', ...options.meta },
    mutationFn: saveServiceMessage,
    onSuccess: (...args) => {
      queryClient.setQueryData(serviceMessageKeys.current, args[0]);
      return options.onSuccess?.(...args);
    },
  });
}
