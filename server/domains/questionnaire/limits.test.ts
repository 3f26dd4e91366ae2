import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer, type ReferenceServer } from '../../app';
import { issueToken } from '../auth';
import { pointsOf } from '../../lib/points';
import { simplePdf } from '../../seed/pdf';
import { ORGANISATIONS } from '../../seed/templates';
import { egrulExample } from './recognise';

/**
 * Issue 50 through the reference back end's HTTP routes: the grant amount of START-2026 over the competition's
 * maximum is refused by the per-field check and by the creation of the application (a field error SPEC §5 shows as
 * « в поле {title}»), and an ЕГРЮЛ extract in a PDF with a text layer is recognised.
 */
let server: ReferenceServer;
let token = '';
const APPLICANT = 8; // «Пользователь»: may apply to a competition
const MAX = 'Значение не может быть больше 4\u00a0000\u00a0000';

beforeAll(async () => {
  server = await createReferenceServer({ dataDir: null, testControl: false, logStream: { write: () => undefined } });
  await server.app.ready();
  token = (await issueToken(server.services, APPLICANT)).result.token;
}, 120_000);
afterAll(async () => {
  await server?.app.close();
  await server?.services.db.close();
});

const post = (url: string, payload: unknown) =>
  server.app.inject({ method: 'POST', url: `/hosts/main${url}`, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

/** A multipart body of one file and some fields, as a browser sends it. */
function multipart(fileName: string, type: string, data: Buffer, fields: Record<string, string> = {}) {
  const boundary = '----questionnaire-limits';
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const payload = Buffer.concat([
    Buffer.from(`${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const one = (value: string | number) => [{ value, groupIndex: 0, valueIndex: 0 }];
/** A whole valid application but the amount (values by field code), with its charter uploaded before. */
const application = (budget: string, charter: number) => ({
  code1C: 'START-2026-APPLICATION',
  templateCode: 'START-2026',
  values: {
    ST_PROJECT_NAME: one('Система раннего выявления ретинопатии'),
    ST_PROJECT_DESCRIPTION: one('Анализ снимков глазного дна нейросетью.'),
    ST_INDUSTRY: one('Медицина и здравоохранение'),
    ST_DIRECTION: one('Искусственный интеллект'),
    ST_REGION: one('Новосибирская область'),
    ST_TRL: one('Опытный образец (УГТ 5–6)'),
    ST_START_DATE: one('01.02.2027'),
    ST_BUDGET: one(budget),
    ST_INN: one('5406123450'),
    ST_ORG_NAME: one('ООО «НейроТех»'),
    ST_KPP: one('540601001'),
    ST_OGRN: one('1155476001230'),
    ST_EMAIL: one('info@neurotech.example.ru'),
    ST_PHONE: one('+7 (913) 123-45-67'),
    ST_CHARTER: one(charter),
    ST_TEAM_FIO: one('Петров Алексей Иванович'),
    ST_TEAM_ROLE: one('Руководитель проекта'),
    ST_PLAN_STAGE: one('Сбор датасета'),
    ST_PLAN_FROM: one('01.02.2027'),
    ST_PLAN_TO: one('31.05.2027'),
    ST_PLAN_COST: one('1200000'),
    ST_AGREE_PD: one('Y'),
  },
});

describe('the grant amount over the competition maximum (START-2026: 4 000 000)', () => {
  it('the per-field check (value-validate) refuses 5 000 000 and 15 000 000 and takes 4 000 000', async () => {
    for (const value of ['5000000', '15000000']) {
      const response = await post('/v2/projects/value-validate', { fieldCode: 'ST_BUDGET', value });
      expect(response.statusCode, value).toBe(422);
      expect(response.json()).toMatchObject({ message: MAX, errors: [{ field: 'ST_BUDGET', message: MAX }] });
    }
    const fine = await post('/v2/projects/value-validate', { fieldCode: 'ST_BUDGET', value: '4000000' });
    expect(fine.statusCode).toBe(200);
  });

  it('the application is not created: a field error at the amount, and no task', async () => {
    const upload = await server.app.inject({ method: 'POST', url: '/hosts/main/v2/projects/upload-attach', ...multipart('Устав.pdf', 'application/pdf', await simplePdf(['Устав']), { attachCode: 'ST_CHARTER' }) });
    expect(upload.statusCode, upload.body).toBe(200);
    const charter = (upload.json() as { id: number }).id;
    const before = (await pointsOf(server.services).where({ ownerId: APPLICANT })).length;
    const refused = await post('/v2/projects/application', application('5000000', charter));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([{ field: 'ST_BUDGET', message: MAX, groupIndex: 0, valueIndex: 0 }]);
    // A draft note keeps what is typed, but not a value its field refuses.
    const note = await post('/v2/projects/application/note', { code1C: 'START-2026', pointCode: 'START-2026-APPLICATION', values: { ST_BUDGET: one('15000000') } });
    expect(note.statusCode).toBe(422);
    expect((await pointsOf(server.services).where({ ownerId: APPLICANT })).length).toBe(before);
    const created = await post('/v2/projects/application', application('4000000', charter));
    expect(created.statusCode, created.body).toBe(200);
    expect((await pointsOf(server.services).where({ ownerId: APPLICANT })).length).toBe(before + 1);
  });
});

describe('document recognition of a PDF', () => {
  it('an ЕГРЮЛ extract in a PDF with a text layer is recognised (parce-file)', async () => {
    const org = ORGANISATIONS[0]!;
    const pdf = await simplePdf(egrulExample(org).split('\n'));
    const response = await server.app.inject({ method: 'POST', url: '/hosts/main/v2/projects/parce-file/ATT_ST_EGRUL', ...multipart('Выписка.pdf', 'application/pdf', pdf) });
    expect(response.statusCode, response.body).toBe(200);
    const items = (response.json() as { items: { code1C: string; values: { value: unknown; error: string | null }[] }[] }).items;
    const value = (code: string) => items.find((i) => i.code1C === code)!.values[0];
    expect(value('ST_INN')).toEqual({ value: org.inn, error: null });
    expect(value('ST_ORG_NAME')).toEqual({ value: org.name, error: null });
    expect(value('ST_OGRN')).toEqual({ value: org.ogrn, error: null });
  });
});
