import type { Services } from '../../lib/services';
import { loadUser } from '../users';
import { fullNameOf } from '../projects-v1/model';
import { type LinkRole, RULES } from './model';
import { contestCollections } from './tools';

// ------------------------------------------------------------------ seed

export async function seedContest(s: Services): Promise<void> {
  const now = s.clock.now();
  const day = 86400000;
  const iso = (days: number) => new Date(now + days * day).toISOString();
  const { contests, links, forms, fields, results, applications } = contestCollections(s);

  const contestRows = [
    { name: 'Старт-2025 (первая очередь)', type: 'start', status: 'published', code1C: 'START-2025-1', from: -30, to: 45, description: 'Поддержка малых инновационных предприятий на начальной стадии: грант до 5 млн рублей на НИОКР.' },
    { name: 'Развитие-Цифровые технологии', type: 'development', status: 'expertise', code1C: 'RAZV-DT-2025', from: -120, to: -10, description: 'Развитие компаний, выполняющих НИОКР в области искусственного интеллекта, больших данных и интернета вещей.' },
    { name: 'Коммерциализация-2024', type: 'commercialization', status: 'finished', code1C: 'KOMM-2024', from: -400, to: -280, description: 'Создание или расширение производства инновационной продукции: грант до 30 млн рублей.' },
    { name: 'Студенческий стартап — осень', type: 'student-startup', status: 'draft', code1C: null, from: 30, to: 90, description: 'Гранты студентам на создание собственного технологического бизнеса.' },
  ];
  const contestIds: number[] = [];
  for (const [i, c] of contestRows.entries()) {
    const contest = await contests.insert({
      name: c.name,
      description: c.description,
      type: c.type,
      status: c.status,
      code1C: c.code1C,
      date_from: iso(c.from),
      date_to: iso(c.to),
      result_date_from: iso(c.to + 10),
      result_date_to: iso(c.to + 40),
      image: null,
      files: [],
      created_at: iso(c.from - 20),
      updated_at: iso(c.from - 5 + i),
      _createdBy: 3,
    });
    contestIds.push(contest.id);
  }
  const linkRows: [number, number, LinkRole, 0 | 1][] = [
    [0, 1, 'manager', 1],
    [0, 5, 'expert', 1],
    [0, 4, 'monitor', 1],
    [1, 1, 'manager', 1],
    [1, 5, 'expert', 1],
    [1, 10, 'monitor', 0],
    [2, 3, 'manager', 1],
  ];
  for (const [contest, user, role, status] of linkRows) {
    // Every index names one of the contests created above, in their order.
    await links.insert({ contest_id: contestIds[contest]!, user_id: user, role, status, created_at: iso(-60) });
  }

  const standardFields = (formId: number) => [
    { form_id: formId, parent_id: null, name: 'project_name', label: 'Название проекта', type: 'text', required: true, multiple: false, read_only: false, sort: 10, placeholder: 'Например: Система мониторинга влажности почвы', description: null, default_value: null, options: [], rules: [RULES.find((r) => r.name === 'required'), { ...RULES.find((r) => r.name === 'string'), max: 300 }] },
    { form_id: formId, parent_id: null, name: 'inn', label: 'ИНН организации', type: 'text', required: true, multiple: false, read_only: false, sort: 20, placeholder: '10 цифр', description: null, default_value: null, options: [], rules: [RULES.find((r) => r.name === 'granteeINN')] },
    { form_id: formId, parent_id: null, name: 'kpp', label: 'КПП', type: 'text', required: false, multiple: false, read_only: false, sort: 30, placeholder: null, description: null, default_value: null, options: [], rules: [RULES.find((r) => r.name === 'granteeKPP')] },
    { form_id: formId, parent_id: null, name: 'email', label: 'E-mail для связи', type: 'email', required: true, multiple: false, read_only: false, sort: 40, placeholder: null, description: null, default_value: null, options: [], rules: [RULES.find((r) => r.name === 'email')] },
    { form_id: formId, parent_id: null, name: 'phone', label: 'Телефон', type: 'text', required: true, multiple: false, read_only: false, sort: 50, placeholder: '+7 (___) ___-__-__', description: null, default_value: null, options: [], rules: [RULES.find((r) => r.name === 'phone-number')] },
    { form_id: formId, parent_id: null, name: 'site', label: 'Сайт', type: 'text', required: false, multiple: false, read_only: false, sort: 60, placeholder: 'https://', description: null, default_value: null, options: [], rules: [RULES.find((r) => r.name === 'url')] },
    {
      form_id: formId, parent_id: null, name: 'direction', label: 'Направление', type: 'select', required: true, multiple: false, read_only: false, sort: 70, placeholder: null, description: null, default_value: null,
      options: [
        { id: 1, value: 'it', name: 'Цифровые технологии', disable: 'N', sort: 10, description: null },
        { id: 2, value: 'med', name: 'Медицина и технологии здоровьесбережения', disable: 'N', sort: 20, description: null },
        { id: 3, value: 'agro', name: 'Новые приборы и интеллектуальные производственные технологии', disable: 'N', sort: 30, description: null },
        { id: 4, value: 'bio', name: 'Биотехнологии', disable: 'Y', sort: 40, description: 'Прием по направлению закрыт' },
      ],
      rules: [],
    },
    { form_id: formId, parent_id: null, name: 'team', label: 'Команда проекта', type: 'group', required: false, multiple: true, read_only: false, sort: 80, placeholder: null, description: 'Участники команды', default_value: null, options: [], rules: [] },
    { form_id: formId, parent_id: null, name: 'presentation', label: 'Презентация проекта', type: 'dropFile', required: false, multiple: false, read_only: false, sort: 100, placeholder: null, description: 'PDF до 20 МБ', default_value: null, options: [], rules: [{ ...RULES.find((r) => r.name === 'file'), extensions: ['pdf'], maxSize: 20971520 }] },
    { form_id: formId, parent_id: null, name: 'agree', label: 'Согласен на обработку персональных данных', type: 'agree', required: true, multiple: false, read_only: false, sort: 110, placeholder: null, description: null, default_value: null, options: [], rules: [] },
  ];

  const formRows = [
    [0, 'Заявка на участие', 'active', -30, 45],
    [0, 'Анкета эксперта', 'draft', null, null],
    [1, 'Заявка на участие', 'closed', -120, -10],
    [2, 'Заявка на участие', 'closed', -400, -280],
  ] as const;
  const formIds: number[] = [];
  for (const [i, [contest, name, status, from, to]] of formRows.entries()) {
    const form = await forms.insert({
      contest_id: contestIds[contest],
      name,
      description: name === 'Анкета эксперта' ? 'Оценка заявки по критериям конкурса' : 'Основные сведения о проекте и заявителе',
      status,
      sort: (i + 1) * 10,
      date_from: from === null ? null : iso(from),
      date_to: to === null ? null : iso(to),
      created_at: iso(-150),
      updated_at: iso(-40),
    });
    formIds.push(form.id);
    if (name === 'Анкета эксперта') {
      await fields.insert({ form_id: form.id, parent_id: null, name: 'score', label: 'Оценка, баллы', type: 'number', required: true, multiple: false, read_only: false, sort: 10, placeholder: 'от 0 до 10', description: null, default_value: null, options: [], rules: [RULES[0]] });
      await fields.insert({ form_id: form.id, parent_id: null, name: 'conclusion', label: 'Заключение', type: 'textarea', required: true, multiple: false, read_only: false, sort: 20, placeholder: null, description: null, default_value: null, options: [], rules: [RULES[0], { ...RULES.find((r) => r.name === 'string'), max: 2000 }] });
      continue;
    }
    const ids: Record<string, number> = {};
    for (const f of standardFields(form.id)) ids[f.name] = (await fields.insert(f)).id;
    ids.member_fio = (await fields.insert({ form_id: form.id, parent_id: ids.team, name: 'member_fio', label: 'ФИО участника', type: 'text', required: true, multiple: false, read_only: false, sort: 81, placeholder: null, description: null, default_value: null, options: [], rules: [RULES[0]] })).id;
    ids.member_role = (await fields.insert({ form_id: form.id, parent_id: ids.team, name: 'member_role', label: 'Роль в проекте', type: 'text', required: false, multiple: false, read_only: false, sort: 82, placeholder: null, description: null, default_value: null, options: [], rules: [] })).id;

    const participants: [number, string, string, string][] = [
      [7, 'Нейроинтерфейс для реабилитации после инсульта', '5406987654', 'submitted'],
      [8, 'Энергоэффективные тепловые насосы для частных домов', '1655123456', 'accepted'],
      [100, 'Агродрон для точечного внесения удобрений', '7017123456', 'revision'],
      [101, 'Платформа анализа медицинских изображений', '6316123456', 'draft'],
      [102, 'Биоразлагаемая упаковка из отходов АПК', '5902123456', 'rejected'],
    ];
    for (const [j, [userId, project, inn, resultStatus]] of participants.entries()) {
      if (i === 3 && j > 1) break;
      const user = await loadUser(s, userId);
      if (!user) continue;
      const values = [
        { field_id: ids.project_name, value: project, groupIndex: 0, valueIndex: 0 },
        { field_id: ids.inn, value: inn, groupIndex: 0, valueIndex: 0 },
        { field_id: ids.email, value: user.email, groupIndex: 0, valueIndex: 0 },
        { field_id: ids.phone, value: `+7 (913) 555-1${j}-2${j}`, groupIndex: 0, valueIndex: 0 },
        { field_id: ids.direction, value: ['med', 'agro', 'agro', 'it', 'agro'][j], groupIndex: 0, valueIndex: 0 },
        { field_id: ids.member_fio, value: fullNameOf(user), groupIndex: 0, valueIndex: 0 },
        { field_id: ids.member_role, value: 'Руководитель проекта', groupIndex: 0, valueIndex: 0 },
        { field_id: ids.agree, value: 'true', groupIndex: 0, valueIndex: 0 },
      ];
      const stamp = iso(-25 + j);
      const status = i === 0 ? resultStatus : ['accepted', 'rejected'][j % 2]!;
      const result = await results.insert({ form_id: form.id, contest_id: contestIds[contest], user_id: userId, status, values, files: [], created_at: stamp, updated_at: stamp });
      await applications.insert({ contest_id: contestIds[contest], form_id: form.id, result_id: result.id, user_id: userId, name: project, status, created_at: stamp, updated_at: stamp });
    }
  }
  void formIds;
}
