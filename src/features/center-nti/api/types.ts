import type { components } from '@/lib/api/generated/main';

type Schemas = components['schemas'];
export type CenterNti = Schemas['CenterNti'];
export type CenterNtiInput = Schemas['CenterNtiInput'];
export type CenterNtiPage = Schemas['CenterNtiPage'];
