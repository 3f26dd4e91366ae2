import type { QueryClient } from '@tanstack/react-query';
import { api, formData, multipart } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { keyedMutation } from '@/lib/api/keyed-mutation';
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

/** The calls that link a user to a contest in a role, and that unlink them. */
const USER_LINK_PATHS = {
  add: { manager: '/api/contest/addmanager', monitor: '/api/contest/addmonitor', expert: '/api/contest/addexpert' },
  del: { manager: '/api/contest/delmanager', monitor: '/api/contest/delmonitor', expert: '/api/contest/delexpert' },
} as const;

const changeContestUser = (change: keyof typeof USER_LINK_PATHS, { contestId, userId, role }: ContestUserInput) =>
  unwrap(api().contest.POST(USER_LINK_PATHS[change][role], { body: { contest_id: contestId, user_id: userId } }));

/** POST /api/contest/addmanager | addmonitor | addexpert {contest_id, user_id}. */
export const addContestUser = (input: ContestUserInput) => changeContestUser('add', input);

/** POST /api/contest/delmanager | delmonitor | delexpert {contest_id, user_id}. */
export const removeContestUser = (input: ContestUserInput) => changeContestUser('del', input);

/** POST /api/contest/setuserstatus {contest_id, user_id, role?, status 0|1}. */
export function setContestUserStatus(input: ContestUserStatusRequest) {
  return unwrap(api().contest.POST('/api/contest/setuserstatus', { body: input }));
}

export const createContestMutation = keyedMutation(contestAdminKeys.contests(), 'create', createContest, (client) =>
  client.invalidateQueries({ queryKey: contestAdminKeys.contests() }),
);

export const updateContestMutation = keyedMutation(contestAdminKeys.contests(), 'update', updateContest, (client, contest) => {
  client.setQueryData(contestAdminKeys.contest(contest.id), contest);
  return client.invalidateQueries({ queryKey: contestAdminKeys.contests() });
});

/** The contest's own entry lists its users: it is asked again. */
const refreshContest = (client: QueryClient, contestId: number) => client.invalidateQueries({ queryKey: contestAdminKeys.contest(contestId) });

export const addContestUserMutation = keyedMutation(contestAdminKeys.contests(), 'add-user', addContestUser, (client, _link, input) => refreshContest(client, input.contestId));

export const removeContestUserMutation = keyedMutation(contestAdminKeys.contests(), 'remove-user', removeContestUser, (client, _answer, input) => refreshContest(client, input.contestId));

export const setContestUserStatusMutation = keyedMutation(contestAdminKeys.contests(), 'user-status', setContestUserStatus, (client, _link, input) =>
  refreshContest(client, input.contest_id),
);
