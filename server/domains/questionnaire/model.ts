import type { Services } from '../../lib/services';
import { fieldTypeRef, toApiPoint } from '../../lib/points';
import type { SeedField, SeedQuestionnaire, ParsedItem } from '../../seed/templates';

/**
 * Questionnaires, applications, attachments and recognition (SPEC §2 "Application / questionnaire form", §3, §4
 * "Recognition", §5, §7 "Tasks v2" application/attachment/recognition calls).
 *
 * Storage (shared with the tasks, signing and projects domains):
 * - "templates": questionnaires keyed by code1C (API `Questionnaire` + `id` = code1C).
 * - "points": points created from applications (server/lib/points.ts), template structure copied in.
 * - "attachments": API `AttachedFile` + private keys: `_pointId` (null until an application creates its point),
 *   `_ownerId`, `_public` (competition materials), `_state` ("stored" | "recognising"), `_pdfLines` (seeded
 *   materials rendered on first download). Bytes live in the `files` table (`fileId`).
 * - "recognitions": parsed documents awaiting accept/decline.
 * - "notes": draft notes (API `DraftNote` + `_ownerId`, `_templateCode`, `_pointCode`, `_values`).
 */
export type StoredAttachment = {
  id: number;
  fileId: number | null;
  fileName: string;
  originalFileName: string | null;
  groupCode: string | null;
  groupIndex: number | null;
  attachCode: string | null;
  sort: number | null;
  signable: boolean;
  signValid: boolean;
  isApproved: boolean;
  managerComment: string | null;
  valueIndex: number | null;
  code1C: string | null;
  _pointId: number | null;
  _ownerId: number | null;
  _public?: boolean;
  _state: 'stored' | 'recognising';
  _pdfLines?: string[];
};

interface StoredRecognition {
  id: string;
  attachmentId: number;
  items: ParsedItem[];
  pointId: number | null;
  userId: number;
  accepted: boolean;
}

export interface StoredNote {
  id: number;
  pointId: number | null;
  pointName: string | null;
  name: string;
  code1C: string | null;
  _ownerId: number;
  _templateCode: string;
  _pointCode: string;
  _values: Record<string, { value: unknown; groupIndex?: number; valueIndex?: number }[]>;
  _updatedAt: number;
}

export type PointValue = { fieldCode: string; value: string | number | boolean | null; groupIndex: number; valueIndex: number; fieldType: { id: number; dataType: string } };
export type ValuesBody = Record<string, { value: string | number | boolean | null; groupIndex?: number; valueIndex?: number }[]>;

export const templatesOf = (s: Services) => s.collection<SeedQuestionnaire>('templates');
export const attachmentsOf = (s: Services) => s.collection<StoredAttachment>('attachments');
export const recognitionsOf = (s: Services) => s.collection<StoredRecognition>('recognitions');
export const notesOf = (s: Services) => s.collection<StoredNote>('notes');

/** Point statuses in which the owner edits the questionnaire (SPEC §4, with canEdit). */
export const EDITABLE_STATUSES = ['NEW', 'FILLING', 'NEEDS_IMPROVEMENTS', 'SUSPENDED', 'RETURN_TO_EDIT'];
export const FILE_FIELD_MAX = 104_857_600;
export const DROP_ZONE_MAX = 20_971_520;

export const strip = <T extends object>(doc: T) =>
  Object.fromEntries(Object.entries(doc).filter(([k]) => !k.startsWith('_') && k !== 'id')) as Omit<T, `_${string}` | 'id'>;

export const publicAttachment = (a: StoredAttachment) => toApiPoint(a);

export const extensionOf = (name: string) => (name.includes('.') ? name.split('.').pop()!.toLowerCase() : '');
export const mb = (bytes: number) => Math.round((bytes / 1_048_576) * 10) / 10;
export const formatDate = (iso: string) => {
  const d = new Date(new Date(iso).getTime() + 3 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}.${p(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
};

export async function storeFile(s: Services, name: string, mime: string, data: Buffer): Promise<number> {
  const id = await s.db.nextId('files');
  await s.db.query('INSERT INTO files (id, name, mime, size, content, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [id, name, mime, data.length, data, s.clock.now()]);
  return id;
}

export async function readFile(s: Services, id: number): Promise<{ name: string; mime: string; content: Buffer } | null> {
  const row = await s.db.one<{ name: string; mime: string; content: Uint8Array }>('SELECT name, mime, content FROM files WHERE id = $1', [id]);
  return row ? { name: row.name, mime: row.mime, content: Buffer.from(row.content) } : null;
}

/** Template structure as copied into a point (API Point templateGroups/templateFields/templateAttachments). */
export function templateStructure(q: SeedQuestionnaire) {
  return {
    templateGroups: q.point.pointGroups,
    templateFields: q.point.pointFields.map((f) => ({
      code1C: f.code1C,
      name: f.name,
      groupCode: f.groupCode,
      sort: f.sort,
      fieldType: fieldTypeRef(f.fieldType),
      printDescription: !!f.description,
      description: f.description ?? null,
    })),
    templateAttachments: q.point.pointAttachments,
  };
}

/** SPEC §3 value save item → API PointValue[] (only known fields are kept). */
export function toPointValues(q: SeedQuestionnaire, values: ValuesBody): PointValue[] {
  const out: PointValue[] = [];
  for (const field of q.point.pointFields) {
    for (const entry of values[field.code1C] ?? []) {
      out.push({
        fieldCode: field.code1C,
        value: entry.value,
        groupIndex: entry.groupIndex ?? 0,
        valueIndex: entry.valueIndex ?? 0,
        fieldType: { id: field.fieldType.id, dataType: field.fieldType.dataType },
      });
    }
  }
  return out;
}

export interface LocatedField {
  template: SeedQuestionnaire;
  field: SeedField;
}
