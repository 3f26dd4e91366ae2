/**
 * Task templates (codes PT-…) are questionnaires kept in the collection "templates" beside the competition ones
 * (SPEC §3 Task / point): the task page opens and saves them like any questionnaire. Both the task seeds
 * (server/domains/tasks.ts) and the project requests (server/domains/projects.ts) describe their templates in this
 * short form and turn them into the stored document here.
 */
import type { SeedQuestionnaire } from './templates';

/** Field types the task templates use (ids of the SPEC §5 catalogue, see ./templates.ts). */
export const TASK_FIELD_TYPES = {
  text: { id: 1, dataType: 'text' },
  textarea: { id: 2, dataType: 'textarea' },
  date: { id: 4, dataType: 'date' },
  number: { id: 5, dataType: 'number' },
  select: { id: 7, dataType: 'select' },
  checkbox: { id: 10, dataType: 'checkbox' },
} as const;

export interface TaskTemplateSpec {
  code1C: string;
  name: string;
  description: string;
  groups: { code1C: string; name: string; description?: string; multiple?: boolean }[];
  fields: {
    code1C: string;
    name: string;
    groupCode: string | null;
    type: keyof typeof TASK_FIELD_TYPES;
    required?: boolean;
    description?: string;
    list?: string[];
  }[];
  attachments: { code1C: string; name: string; extensions: string[]; description?: string }[];
  /** Expert review template (SPEC §3 `expertMode`). */
  expertMode?: boolean;
}

export function taskTemplateDoc(t: TaskTemplateSpec): SeedQuestionnaire {
  return {
    id: t.code1C,
    code1C: t.code1C,
    name: t.name,
    point: {
      name: t.name,
      description: t.description,
      pointFields: t.fields.map((f, i) => ({
        code1C: f.code1C,
        paramName: null,
        name: f.name,
        required: f.required ?? false,
        defaultValue: null,
        description: f.description ?? null,
        note: null,
        sort: (i + 1) * 10,
        groupCode: f.groupCode,
        fieldType: {
          ...TASK_FIELD_TYPES[f.type],
          validator: null,
          list: f.list ? f.list.map((name, j) => ({ id: j + 1, value: name, name, disable: 'N', sort: j + 1 })) : null,
        },
        multiple: false,
        readOnly: false,
        signable: false,
        isApproved: false,
        managerComment: null,
      })),
      pointGroups: t.groups.map((g) => ({
        code1C: g.code1C,
        name: g.name,
        description: g.description ?? null,
        multiple: g.multiple ?? false,
        readOnly: false,
        groupIndex: null,
      })),
      pointAttachments: t.attachments.map((a) => ({
        code1C: a.code1C,
        name: a.name,
        fileType: { maxSize: 20_971_520, extensions: a.extensions, description: `Форматы: ${a.extensions.join(', ')}` },
        fileTypeId: 1,
        parcelable: false,
        buttonText: 'Загрузить файл',
        valueIndex: null,
        groupCode: null,
        printDescription: false,
        description: a.description ?? null,
      })),
      parcedValues: [],
    },
    templatePointCode: `${t.code1C}-POINT`,
    projectTypeCode: null,
    preRegistration: false,
    dateSubmitFrom: null,
    dateFillFrom: null,
    voteMode: false,
    expertMode: t.expertMode ?? false,
  } as unknown as SeedQuestionnaire;
}
