import type { Services } from '../../lib/services';
import { FRESH_POINT, apiStatus, pointsOf, type StoredPoint } from '../../lib/points';
import type { Json } from '../../lib/spec';
import { ORGANISATIONS, demoQuestionnaires } from '../../seed/templates';
import { type StoredAttachment, attachmentsOf, templateStructure, templatesOf } from './model';

// ---------------------------------------------------------------- seed

/** Questionnaires of the demo competitions, plus two points of the START questionnaire for the edit screens. */
export async function seedQuestionnaire(s: Services): Promise<void> {
  for (const q of demoQuestionnaires(s.clock.now())) await templatesOf(s).put(q);
  const template = (await templatesOf(s).get('START-2026'))!;
  const org = ORGANISATIONS[0]!;
  const now = s.clock.now();
  const v = (code: string, value: string | number | null, groupIndex = 0, valueIndex = 0) => ({ code, value, groupIndex, valueIndex });
  const filled = [
    v('ST_PROJECT_NAME', 'Нейросетевая система ранней диагностики заболеваний сетчатки'),
    v('ST_PROJECT_DESCRIPTION', 'Программно-аппаратный комплекс, анализирующий снимки глазного дна и выявляющий признаки диабетической ретинопатии.'),
    v('ST_INDUSTRY', 'Медицина и здравоохранение'),
    v('ST_DIRECTION', 'Искусственный интеллект'),
    v('ST_REGION', 'Новосибирская область'),
    v('ST_TRL', 'Лабораторный образец (УГТ 3–4)'),
    v('ST_TAGS', JSON.stringify(['Импортозамещение', 'Социальная значимость'])),
    v('ST_START_DATE', '01.02.2027'),
    v('ST_BUDGET', 3_500_000),
    v('ST_INN', org.inn),
    v('ST_ORG_NAME', org.name),
    v('ST_KPP', org.kpp),
    v('ST_OGRN', org.ogrn),
    v('ST_OKTMO', org.oktmo),
    v('ST_ADDRESS', org.address),
    v('ST_EMAIL', 'info@neurotech.example.ru'),
    v('ST_PHONE', '+7 (383) 555-12-34'),
    v('ST_TEAM_FIO', 'Петров Алексей Иванович', 0),
    v('ST_TEAM_ROLE', 'Руководитель проекта', 0),
    v('ST_TEAM_FIO', 'Сидорова Марина Олеговна', 1),
    v('ST_TEAM_ROLE', 'Технический специалист', 1),
    v('ST_PLAN_STAGE', 'Сбор и разметка датасета', 0),
    v('ST_PLAN_FROM', '01.02.2027', 0),
    v('ST_PLAN_TO', '31.05.2027', 0),
    v('ST_PLAN_COST', 1_200_000, 0),
    v('ST_PUBLICATIONS', 'https://habr.example.ru/neurotech-retina', 0, 0),
    v('ST_PUBLICATIONS', 'https://vc.example.ru/neurotech', 0, 1),
    v('ST_AGREE_PD', 'Y'),
  ];
  const values = filled.map((x) => {
    const field = template.point.pointFields.find((f) => f.code1C === x.code)!;
    return { fieldCode: x.code, value: x.value, groupIndex: x.groupIndex, valueIndex: x.valueIndex, fieldType: { id: field.fieldType.id, dataType: field.fieldType.dataType } };
  });
  const base = (ownerId: number, statusCode: string, managerComment: string | null) => ({
    ...FRESH_POINT,
    name: template.point.name,
    description: 'Заявка возвращена фондом на доработку',
    projectId: null,
    projectName: 'Нейросетевая система ранней диагностики заболеваний сетчатки',
    project: null,
    status: apiStatus(statusCode),
    type: 'application',
    startDate: new Date(now - 10 * 86_400_000).toISOString(),
    deadline: new Date(now + 14 * 86_400_000).toISOString(),
    ownerId,
    responsibleUserId: ownerId,
    canEdit: true,
    canSign: false,
    canHold: false,
    canReturnToEdit: false,
    signable: true,
    managerComment,
    files: [] as { fileId: number; name: string }[],
    ...templateStructure(template),
    values,
    _templateCode: template.code1C,
    _fieldStates: {
      ST_PROJECT_NAME: { isApproved: true, managerComment: 'Название согласовано' },
      ST_BUDGET: { managerComment: 'Уточните сумму: она должна совпадать с суммой этапов календарного плана' },
      ST_INN: { isApproved: true, managerComment: null },
    },
  });
  // Two editable points (grantee and ordinary user): approved fields, manager comments and an approved file.
  for (const ownerId of [7, 8]) {
    const point = (await pointsOf(s).insert(
      base(ownerId, 'NEEDS_IMPROVEMENTS', 'Дополните календарный план и уточните запрашиваемую сумму.') as unknown as Omit<StoredPoint, 'id'>,
    )) as StoredPoint;
    const charter = await simplePdfAttachment(s, point.id, ownerId, 'ST_CHARTER', 'Устав ООО НейроТех.pdf', ['Устав общества с ограниченной ответственностью «НейроТех»', 'Утверждён решением единственного участника.'], true);
    const letter = await simplePdfAttachment(s, point.id, ownerId, 'ATT_ST_LETTER', 'Письмо поддержки АО Медтехника.pdf', ['Письмо поддержки', 'АО «Медтехника» подтверждает заинтересованность в результатах проекта.'], false);
    await pointsOf(s).put({
      ...point,
      files: [charter, letter].map((a) => ({ fileId: a.id, name: a.fileName })),
      values: [...(point.values as Json[]), { fieldCode: 'ST_CHARTER', value: charter.id, groupIndex: 0, valueIndex: 0, fieldType: { id: 18, dataType: 'file' } }],
    } as StoredPoint);
  }
}

async function simplePdfAttachment(s: Services, pointId: number, ownerId: number, code: string, name: string, lines: string[], approved: boolean) {
  const id = await s.db.nextId('attachments');
  const attachment: StoredAttachment = {
    id,
    fileId: null,
    fileName: name,
    originalFileName: name,
    groupCode: code === 'ST_CHARTER' ? 'ST_GRANTEE' : 'ST_MATERIALS',
    groupIndex: 0,
    attachCode: code,
    sort: id,
    signable: true,
    signValid: false,
    isApproved: approved,
    managerComment: approved ? 'Документ проверен' : null,
    valueIndex: 0,
    code1C: code,
    _pointId: pointId,
    _ownerId: ownerId,
    _state: 'stored',
    _pdfLines: lines,
  };
  await attachmentsOf(s).insert(attachment);
  return attachment;
}
