import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { api, formData, multipart } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import type { components } from '@/lib/api/generated/contest';
import { contestAdminKeys } from './keys';
import type { ContestCreateInput, ContestUpdate, ContestUserRole, ContestUserStatusRequest } from './types';

/** Contests and the users linked to them (SPEC §7 "Contests"). */

type ContestCreateMultipart = components['schemas']['ContestCreateMultipart'];

/** POST /api/contest (multipart: the fields, `image`, `files` repeated). */
export function createContest({ image, files, ...fields }: ContestCreateInput) {
  const body = formData({ ...fields, image, files }) as unknown as ContestCreateMultipart;
  return unwrap(api().contest.POST('/api/contest', { body, ...multipart }));
}

/** PUT /api/contest/{id}. */
export function updateContest({ id, changes }: { id: number; changes: ContestUpdate }) {
  return unwrap(api().contest.PUT('/api/contest/{id}', { params: { path: { id } }, body: changes }));
}

export interface ContestUserInput {
  contestId: number;
  userId: number;
  role: ContestUserRole;
}

/** POST /api/contest/addmanager | addmonitor | addexpert {contest_id, user_id}. */
export function addContestUser({ contestId, userId, role }: ContestUserInput) {
  const body = { contest_id: contestId, user_id: userId };
  const contest = api().contest;
  if (role === 'manager') return unwrap(contest.POST('/api/contest/addmanager', { body }));
  if (role === 'monitor') return unwrap(contest.POST('/api/contest/addmonitor', { body }));
  return unwrap(contest.POST('/api/contest/addexpert', { body }));
}

/** POST /api/contest/delmanager | delmonitor | delexpert {contest_id, user_id}. */
export function removeContestUser({ contestId, userId, role }: ContestUserInput) {
  const body = { contest_id: contestId, user_id: userId };
  const contest = api().contest;
  if (role === 'manager') return unwrap(contest.POST('/api/contest/delmanager', { body }));
  if (role === 'monitor') return unwrap(contest.POST('/api/contest/delmonitor', { body }));
  return unwrap(contest.POST('/api/contest/delexpert', { body }));
}

/** POST /api/contest/setuserstatus {contest_id, user_id, role?, status 0|1}. */
export function setContestUserStatus(input: ContestUserStatusRequest) {
  return unwrap(api().contest.POST('/api/contest/setuserstatus', { body: input }));
}

export const createContestMutation = () =>
  mutationOptions({
    mutationKey: [...contestAdminKeys.contests(), 'create'],
    mutationFn: createContest,
    onSuccess: (_c, _i, _r, { client }) => client.invalidateQueries({ queryKey: contestAdminKeys.contests() }),
  });

export const updateContestMutation = () =>
  mutationOptions({
    mutationKey: [...contestAdminKeys.contests(), 'update'],
    mutationFn: updateContest,
    onSuccess: (contest, _i, _r, { client }) => {
      client.setQueryData(contestAdminKeys.contest(contest.id), contest);
      return client.invalidateQueries({ queryKey: contestAdminKeys.contests() });
    },
  });

const refreshContest = (contestId: number, client: QueryClient) =>
  client.invalidateQueries({ queryKey: contestAdminKeys.contest(contestId) });

export const addContestUserMutation = () =>
  mutationOptions({ mutationKey: [...contestAdminKeys.contests(), 'add-user'], mutationFn: addContestUser, onSuccess: (_l, i, _r, { client }) => refreshContest(i.contestId, client) });

export const removeContestUserMutation = () =>
  mutationOptions({ mutationKey: [...contestAdminKeys.contests(), 'remove-user'], mutationFn: removeContestUser, onSuccess: (_a, i, _r, { client }) => refreshContest(i.contestId, client) });

export const setContestUserStatusMutation = () =>
  mutationOptions({
    mutationKey: [...contestAdminKeys.contests(), 'user-status'],
    mutationFn: setContestUserStatus,
    onSuccess: (_l, i, _r, { client }) => refreshContest(i.contest_id, client),
  });
