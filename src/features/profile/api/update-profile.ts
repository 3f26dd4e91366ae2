import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { profilePayload, type ProfileValues } from '../profile-rules';

/** PATCH /v1/users/{id}/update {lastname, firstname, middlename, email, phone, work_company, region, city} (SPEC §7). */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: (input: { userId: number; values: ProfileValues }) =>
      unwrap(api().main.PATCH('/v1/users/{id}/update', { params: { path: { id: input.userId } }, body: profilePayload(input.values) })),
  });
}
