import type { components } from '@/lib/api/generated/main';

type Schemas = components['schemas'];
export type Project = Schemas['Project'];
export type ProjectCreateInput = Schemas['ProjectCreateInput'];
export type ProjectUpdateInput = Schemas['ProjectUpdateInput'];
export type ProjectComment = Schemas['ProjectComment'];
export type IndicatorParserOutput = Schemas['IndicatorParserOutput'];
export type IndicatorKind = IndicatorParserOutput['type'];

/** SPEC §7 project actions: PATCH accept, PATCH reject {comment}, PATCH send-for-approval {comment}, POST review. */
export type ProjectAction = 'accept' | 'reject' | 'send-for-approval' | 'review';
