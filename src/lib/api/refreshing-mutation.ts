import { useMutation, useQueryClient, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';

/** What a screen may add to an action: its own callbacks, or its own failure text in `meta`. */
export type ActionOptions<Answer, Input> = Omit<UseMutationOptions<Answer, Error, Input>, 'mutationFn'>;

export interface RefreshingAction<Answer, Input> {
  request: (input: Input) => Promise<Answer>;
  /** SPEC §8: the toast when the server sends no message of its own. */
  errorText: string;
  /** The queries asked again once the action is over (DESIGN.md convention 4: specific keys). */
  refresh: QueryKey;
  /** 'success': only after it worked; 'settled': after a failure too (the server may have changed state anyway). */
  after: 'success' | 'settled';
}

/** An action's mutation that refreshes the queries it changes; the screen's own callbacks still run after that. */
export function useRefreshingMutation<Answer, Input>(action: RefreshingAction<Answer, Input>, options: ActionOptions<Answer, Input>) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: action.refresh });
  return useMutation({
    ...options,
    meta: { errorText: action.errorText, ...options.meta },
    mutationFn: action.request,
    onSuccess: (...args) => {
      if (action.after === 'success') refresh();
      return options.onSuccess?.(...args);
    },
    onSettled: (...args) => {
      if (action.after === 'settled') refresh();
      return options.onSettled?.(...args);
    },
  });
}
