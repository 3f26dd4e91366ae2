import type { components } from '@/lib/api/generated/main';

/** Domain types are aliases of the generated schemas (DESIGN.md convention 3). */
export type PointListItem = components['schemas']['PointListItem'];
export type Point = components['schemas']['Point'];
export type PointPage = components['schemas']['PointPage'];
export type PointStatus = components['schemas']['PointStatus'];
export type AttachedFile = components['schemas']['AttachedFile'];
export type DraftNote = components['schemas']['DraftNote'];
export type LookupItem = components['schemas']['LookupItem'];
export type TemplateField = components['schemas']['TemplateField'];
export type FieldGroup = components['schemas']['FieldGroup'];
export type PointValue = components['schemas']['PointValue'];
