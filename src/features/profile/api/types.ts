import type { components } from '@/lib/api/generated/main';

/** The user the profile drawer shows and edits: the fields of the update request (SPEC §5) and the id it is sent for. */
export type ProfileUser = components['schemas']['UserUpdateRequest'] & { id: number };
