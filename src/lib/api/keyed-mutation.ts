import { mutationOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * Mutation options keyed by the part of the cache an action changes and the action's name (DESIGN.md convention 4);
 * after success `refresh` brings the cache up to date, and the mutation stays pending until it has.
 */
export const keyedMutation =
  <Input, Answer>(part: QueryKey, action: string, mutationFn: (input: Input) => Promise<Answer>, refresh: (client: QueryClient, answer: Answer, input: Input) => Promise<unknown>) =>
  () =>
    mutationOptions({ mutationKey: [...part, action], mutationFn, onSuccess: (answer, input, _result, { client }) => refresh(client, answer, input) });
