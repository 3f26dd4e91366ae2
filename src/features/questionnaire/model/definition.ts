import type { components } from '@/lib/api/generated/main';
import { parseRules, type Rule } from '../rules/validators';

export type Questionnaire = components['schemas']['Questionnaire'];
export type PointField = components['schemas']['PointField'];
export type FieldGroup = components['schemas']['FieldGroup'];
export type AttachmentDefinition = components['schemas']['AttachmentDefinition'];
export type AttachedFile = components['schemas']['AttachedFile'];
export type DataType = components['schemas']['FieldDataType'];
export type FieldOption = components['schemas']['FormFieldOption'];

/** SPEC §3 special field type ids. */
export const FIELD_TYPE = { url: 6, identificationNumber: 12, multiValue: 14, noAddButton: 15, agreement: 16 } as const;

/** Example attachments (fileTypeId 19) show no description (SPEC §2). */
export const EXAMPLE_FILE_TYPE_ID = 19;

/** Code of the project-name field added when the template has none (SPEC §5 "Questionnaire"). */
export const SYNTHETIC_PROJECT_NAME = 'projectName';

export interface FieldDef {
  code: string;
  name: string;
  dataType: DataType;
  typeId: number;
  paramName: string | null;
  required: boolean;
  readOnly: boolean;
  approved: boolean;
  managerComment: string | null;
  description: string | null;
  note: string | null;
  defaultValue: string | null;
  options: FieldOption[];
  rules: Rule[];
  /** Several values (valueIndex 0..n). */
  multiValue: boolean;
  /** The template's "multiple" flag (for file fields: several files). */
  multiple: boolean;
  /** The "Добавить" button of a multi-value field (type 15 has none). */
  addButton: boolean;
  signable: boolean;
  groupCode: string | null;
  /** Format hint of date / datetime-local fields (fieldType.defaultValue). */
  formatHint: string | null;
  /** Added by the client (project name): not sent among the values. */
  synthetic: boolean;
  validator: string | null;
}

export interface SectionDef {
  code: string;
  name: string | null;
  description: string | null;
  multiple: boolean;
  readOnly: boolean;
  fields: FieldDef[];
  attachments: AttachmentDefinition[];
}

export interface FormDefinition {
  code1C: string;
  name: string;
  pointName: string;
  description: string | null;
  templatePointCode: string | null;
  dateSubmitFrom: string | null;
  voteMode: boolean;
  expertMode: boolean;
  sections: SectionDef[];
  fields: Map<string, FieldDef>;
  attachments: AttachmentDefinition[];
  hasSignableFields: boolean;
}

const NO_GROUP = '__main';

const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

export function toFieldDef(field: PointField, group: FieldGroup | undefined): FieldDef {
  const typeId = field.fieldType.id;
  const dataType = field.fieldType.dataType;
  const fileLike = dataType === 'file' || dataType === 'dropFile';
  const multiValue = !fileLike && (!!field.multiple || typeId === FIELD_TYPE.multiValue || typeId === FIELD_TYPE.noAddButton);
  const approved = !!field.isApproved;
  return {
    code: field.code1C,
    name: field.name,
    dataType: typeId === FIELD_TYPE.agreement ? 'agree' : dataType,
    typeId,
    paramName: field.paramName ?? null,
    required: !!field.required,
    readOnly: !!field.readOnly || !!group?.readOnly || approved,
    approved,
    managerComment: field.managerComment ?? null,
    description: field.description ?? null,
    note: field.note ?? null,
    defaultValue: text(field.defaultValue ?? (dataType === 'hidden' ? field.fieldType.defaultValue : null)),
    options: [...(field.fieldType.list ?? [])].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0)),
    rules: [
      ...parseRules(field.fieldType.validator),
      // SPEC §3: type 6 is a url field even without a named validator.
      ...(typeId === FIELD_TYPE.url && !parseRules(field.fieldType.validator).some((r) => r.name === 'url') ? [{ name: 'url' }] : []),
    ],
    multiValue,
    multiple: !!field.multiple,
    addButton: multiValue && typeId !== FIELD_TYPE.noAddButton,
    signable: !!field.signable,
    groupCode: field.groupCode ?? null,
    formatHint: text(field.fieldType.defaultValue),
    synthetic: false,
    validator: field.fieldType.validator ?? null,
  };
}

/** Option value as stored: the option's value, else its id. */
export const optionValue = (option: FieldOption) => option.value ?? String(option.id);

/**
 * Builds sections in the template's group order; fields by sort; attachments in their group (SPEC §2).
 * `newApplication`: the form creates a project, so it asks for the project's name when the template has no such field
 * (SPEC §5); a task of an existing project (a report, a returned point) never does.
 */
export function buildDefinition(q: Questionnaire, options: { newApplication?: boolean } = {}): FormDefinition {
  const groups = q.point.pointGroups;
  const byCode = new Map(groups.map((g) => [g.code1C, g]));
  const sections = new Map<string, SectionDef>();
  const ensure = (code: string | null): SectionDef => {
    const key = code && byCode.has(code) ? code : NO_GROUP;
    let section = sections.get(key);
    if (!section) {
      const group = byCode.get(key);
      section = {
        code: key,
        name: group?.name ?? null,
        description: group?.description ?? null,
        multiple: !!group?.multiple,
        readOnly: !!group?.readOnly,
        fields: [],
        attachments: [],
      };
      sections.set(key, section);
    }
    return section;
  };
  // Ungrouped fields first, then the groups in the template's order.
  if (q.point.pointFields.some((f) => !f.groupCode || !byCode.has(f.groupCode))) ensure(null);
  for (const g of groups) ensure(g.code1C);

  const fields = new Map<string, FieldDef>();
  const sorted = [...q.point.pointFields].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
  for (const field of sorted) {
    // A field code names one field: a repeated entry (a broken answer) would render the field again and again.
    if (fields.has(field.code1C)) continue;
    const def = toFieldDef(field, field.groupCode ? byCode.get(field.groupCode) : undefined);
    if (def.groupCode && !byCode.has(def.groupCode)) def.groupCode = null;
    fields.set(def.code, def);
    ensure(def.groupCode).fields.push(def);
  }

  if (options.newApplication && !sorted.some((f) => f.paramName === 'projectName')) {
    // SPEC §5: the project name is required by default, titled "Название проекта".
    const first = ensure(null);
    const synthetic: FieldDef = {
      code: SYNTHETIC_PROJECT_NAME,
      name: 'Название проекта',
      dataType: 'text',
      typeId: 1,
      paramName: 'projectName',
      required: true,
      readOnly: false,
      approved: false,
      managerComment: null,
      description: null,
      note: null,
      defaultValue: null,
      options: [],
      rules: [{ name: 'max', arg: '255' }],
      multiValue: false,
      multiple: false,
      addButton: false,
      signable: false,
      groupCode: null,
      formatHint: null,
      synthetic: true,
      validator: null,
    };
    first.fields.unshift(synthetic);
    fields.set(synthetic.code, synthetic);
    // Keep the ungrouped section on top.
    const ordered = [first, ...[...sections.values()].filter((s) => s !== first)];
    sections.clear();
    for (const s of ordered) sections.set(s.code, s);
  }

  const attachmentCodes = new Set<string>();
  const attachments = q.point.pointAttachments.filter((a) => !attachmentCodes.has(a.code1C) && !!attachmentCodes.add(a.code1C));
  for (const attachment of attachments) ensure(attachment.groupCode ?? null).attachments.push(attachment);

  return {
    code1C: q.code1C,
    name: q.name,
    pointName: q.point.name,
    description: q.point.description ?? null,
    templatePointCode: q.templatePointCode ?? null,
    dateSubmitFrom: q.dateSubmitFrom ?? null,
    voteMode: !!q.voteMode,
    expertMode: !!q.expertMode,
    sections: [...sections.values()].filter((s) => s.fields.length > 0 || s.attachments.length > 0),
    fields,
    attachments,
    hasSignableFields: q.point.pointFields.some((f) => f.signable),
  };
}

/** Fields that hold no value of their own. */
export const isDecorative = (def: FieldDef) => def.dataType === 'group' || def.dataType === 'actionButton' || def.dataType === 'rules';
export const isFileField = (def: FieldDef) => def.dataType === 'file' || def.dataType === 'dropFile';

/** Where a questionnaire comes from: a new application to a competition, or a task (point). */
export type QuestionnaireSource = { kind: 'create'; code1C: string } | { kind: 'point'; pointId: number };
