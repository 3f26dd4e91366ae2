import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HOSTS, ROOT, loadSpec, type HostName } from '../lib/spec';

/**
 * The coverage table of openapi/README.md: every SPEC §7 line → its operationIds, host, x-assumed flag and the
 * features that call it (found in src/, tests excluded). `npx tsx server/contract/readme.ts --write` rewrites the
 * table between the markers; without --write it prints it. The contract suite checks that the table names every
 * operation of the four specs.
 */

/** SPEC §7, line by line (plus the two calls SPEC names only in §2/§6), with the operations that implement each. */
export const SPEC_LINES: [string, string[]][] = [
  ["Auth: GET /v1/users/setcode with query code", ["authSetCode"]],
  ["Auth: POST /v1/users/renewtoken {renew_token}", ["authRenewToken"]],
  ["Users: GET /v1/users/info; GET /v1/users/{id}; PATCH /v1/users/{id}/update", ["usersInfo", "usersGet", "usersUpdate"]],
  ["Users: POST /v1/users/setgroups {user_id, groups[]}", ["usersSetGroups"]],
  ["Users: GET /v1/users with filters and page; GET /v1/user with id, pageSize=20, page, filter[…]", ["usersList", "userSearch"]],
  ["Users: GET /v1/users/groups (system groups)", ["usersGroups"]],
  ["GET and POST /v2/projects/maintance (service message {switch, message})", ["serviceMessageGet", "serviceMessageSave"]],
  ["(SPEC §6, no §7 path) administrators refresh a user's token and log in as another user", ["usersRefreshToken", "authLoginAs"]],
  ["Contests: GET /api/contest (page, pageSize, type); GET and PUT /api/contest/{id}; POST /api/contest (multipart)", ["contestList", "contestGet", "contestUpdate", "contestCreate"]],
  ["Contests: POST /api/contest/addmanager, delmanager, addmonitor, delmonitor, addexpert, delexpert, setuserstatus", ["contestAddManager", "contestDelManager", "contestAddMonitor", "contestDelMonitor", "contestAddExpert", "contestDelExpert", "contestSetUserStatus"]],
  ["Results: GET /api/result (page, pageSize, status, form_id); GET /api/application; GET /api/application/{id}; GET and PUT /api/result/{id}; POST /api/result (multipart); GET /api/result/setstatus (id, status); GET /api/result/export (file)", ["resultList", "contestApplicationList", "contestApplicationGet", "resultGet", "resultUpdate", "resultCreate", "resultSetStatus", "resultExport"]],
  ["Forms: GET and POST /api/form; GET and PUT /api/form/{id}; GET /api/form/duplicate (id, contest_id)", ["formList", "formCreate", "formGet", "formUpdate", "formDuplicate"]],
  ["Form fields: GET and POST /api/formfields; PUT and DELETE /api/formfields/{id}; GET /api/formfields/getrules", ["formFieldList", "formFieldCreate", "formFieldUpdate", "formFieldDelete", "formFieldGetRules"]],
  ["Messages: GET /messages; POST /messages/batch; POST /messages; POST /messages/read; GET /messages/getnew (reads data.items); GET /user/getparams; POST /user/setparams", ["messagesList", "messagesBatchCreate", "messagesCreate", "messagesRead", "messagesGetNew", "userParamsGet", "userParamsSet"]],
  ["Support: GET /themes (project); POST /messages (multipart: project, theme, subject, message, attachments[])", ["supportThemeList", "supportMessageSend"]],
  ["Notification: POST read {message[], project} (= POST /messages/read above); GET notification settings; POST change status {send_email}", ["notificationSettingsGet", "notificationChangeStatus"]],
  ["Projects v1: GET and POST /v1/projects; GET and PUT /v1/projects/{id}", ["projectsList", "projectCreate", "projectGet", "projectUpdate"]],
  ["Projects v1: PATCH accept; PATCH reject {comment}; PATCH send-for-approval {comment}; POST review", ["projectAccept", "projectReject", "projectSendForApproval", "projectReview"]],
  ["Projects v1: POST and GET comments", ["projectCommentCreate", "projectCommentsList"]],
  ["(SPEC §2 project files \"click to download\", no §7 call) project file download", ["projectFileDownload"]],
  ["Center NTI: list, create {fullTitle, shortTitle, programNumber, codePpp}, delete", ["centerNtiList", "centerNtiCreate", "centerNtiDelete"]],
  ["POST indicator-parser/summary, years, performance, implementation-plan, additional-need", ["indicatorParserSummary", "indicatorParserYears", "indicatorParserPerformance", "indicatorParserImplementationPlan", "indicatorParserAdditionalNeed"]],
  ["GET export, export-document, export-program, template (templateType) as files", ["projectsExport", "projectExportDocument", "projectExportProgram", "projectTemplateDownload"]],
  ["Consortiums: create, read, update, delete, excel template, import, export", ["consortiumCreate", "consortiumsList", "consortiumGet", "consortiumUpdate", "consortiumDelete", "consortiumsTemplate", "consortiumsImport", "consortiumsExport"]],
  ["Employees (optionally centerNtiId): create, read, update, delete, excel template, import, export", ["employeeCreate", "employeesList", "employeeGet", "employeeUpdate", "employeeDelete", "employeesTemplate", "employeesImport", "employeesExport"]],
  ["Grantee contacts: create, read, update, delete, excel template, import, export", ["granteeContactCreate", "granteeContactsList", "granteeContactGet", "granteeContactUpdate", "granteeContactDelete", "granteeContactsTemplate", "granteeContactsImport", "granteeContactsExport"]],
  ["Tickets: POST /v1/projects/ticket {projectId, status}; GET ticket/{id}; PATCH ticket/{id}/blank; PATCH ticket/{id}/{action}; POST ticket-signature {ticketId, fileId}", ["ticketCreate", "ticketGet", "ticketBlank", "ticketAction", "ticketSignatureCreate"]],
  ["Reports: POST /v1/report; PUT and GET /v1/report/{id}", ["reportCreate", "reportUpdate", "reportGet"]],
  ["Reports: PATCH new, accept, reject {comment}, ready-to-finalize-conclusion, finalize-conclusion, repeat-finalize-conclusion, send-for-approval {comment}; POST review {comment}", ["reportNew", "reportAccept", "reportReject", "reportReadyToFinalizeConclusion", "reportFinalizeConclusion", "reportRepeatFinalizeConclusion", "reportSendForApproval", "reportReview"]],
  ["Reports: GET payment-orders-structure, updated-dates, general-info, expense-structure (year), payment-orders, account-register-general / education / licenses / income / rid / co-finance, history, co-finance-structure, implementation-program, achievement-result-structure", ["reportPaymentOrdersStructureGet", "reportUpdatedDatesGet", "reportGeneralInfoGet", "reportExpenseStructureGet", "reportPaymentOrdersGet", "reportAccountRegisterGeneralGet", "reportAccountRegisterEducationGet", "reportAccountRegisterLicensesGet", "reportAccountRegisterIncomeGet", "reportAccountRegisterRidGet", "reportAccountRegisterCoFinanceGet", "reportHistoryGet", "reportCoFinanceStructureGet", "reportImplementationProgramGet", "reportAchievementResultStructureGet"]],
  ["Reports: POST and GET achievement-result-deviation-reasons; POST expense-structure, co-finance-structure, implementation-program; POST load-accounting-register, load-payment-order-register", ["reportDeviationReasonsSave", "reportDeviationReasonsGet", "reportExpenseStructureSave", "reportCoFinanceStructureSave", "reportImplementationProgramSave", "reportLoadAccountingRegister", "reportLoadPaymentOrderRegister"]],
  ["Reports: grant balance PDF; GET report-color list and status; GET template; PATCH sign-expense-structure and sign-co-finance-structure; POST balance and grantor-refundable; GET center-nti-report-history", ["reportGrantBalancePdf", "reportColorList", "reportColorStatus", "reportTemplateDownload", "reportSignExpenseStructure", "reportSignCoFinanceStructure", "reportBalanceSave", "reportGrantorRefundableSave", "reportCenterNtiHistoryGet"]],
  ["Tasks v2: GET project-point with optional /{kind} (active, expired, closed, archive, expert) and filters, page, pageSize", ["projectPointList", "projectPointListActive", "projectPointListExpired", "projectPointListClosed", "projectPointListArchive", "projectPointListExpert"]],
  ["Tasks v2: GET count and active-count (filter[templateCode] / filter[projectId]); all points for the calendar", ["projectPointCount", "projectPointActiveCount", "calendarPoints"]],
  ["Tasks v2: POST change-responsible/{id} {userId}", ["projectPointChangeResponsible"]],
  ["Tasks v2: GET project-point/{id}; POST and PUT project-point/application/{id}; GET application/{id}; POST application by template code; POST application note (draft)", ["projectPointGet", "projectPointSubmit", "projectPointSave", "applicationGet", "applicationCreate", "applicationNoteSave"]],
  ["Tasks v2: POST hold/{id}; POST hold-cencel/{id}; POST to-edit/{id}; POST archive/{id} (DELETE to unarchive)", ["projectPointHold", "projectPointHoldCancel", "projectPointToEdit", "projectPointArchive", "projectPointUnarchive"]],
  ["Tasks v2: GET pdf/{id} (optional txt=Y)", ["projectPointPdf"]],
  ["Tasks v2: POST sign/{id} multipart {sign, fileBase64, withoutAttorney}; POST upload-attorney {pointId, attorneyFile}", ["projectPointSign", "attorneyUpload"]],
  ["Attachments: POST upload-attach; POST sign-attach; GET list-attach; GET zip/{id}/link and zip/{id}; GET download-attach/{id} (txt=Y) and /link; DELETE delete-attach/{id}", ["attachUpload", "attachSign", "attachList", "attachZipLink", "attachZip", "attachDownload", "attachDownloadLink", "attachDelete"]],
  ["GET point-status; lists of project, programm, template, template-group", ["lookupPointStatuses", "lookupProjects", "lookupPrograms", "lookupTemplates", "lookupTemplateGroups"]],
  ["Competition calls: active templates list, program groups, active template by id or code", ["competitionActiveList", "competitionGroups", "competitionActiveGet"]],
  ["Recognition: POST parce-file/{id}; POST accept-file and decline-file; POST get-file-values; GET template (example) file", ["recognitionParseFile", "recognitionAcceptFile", "recognitionDeclineFile", "recognitionFileValues", "recognitionExampleFile"]],
  ["Notes: GET and POST", ["notesList", "notesSave"]],
  ["GET company-inn/{inn}", ["companyByInn"]],
  ["POST value-validate {fieldCode or code, value}", ["valueValidate"]],
  ["RID: GET rid/{id}; POST rid/init/{id}; POST rid/create/{a}/{b}; POST rid/update/{id}; create unplanned RID; actualize; RID load", ["ridGet", "ridInit", "ridCreate", "ridUpdate", "ridCreateUnplanned", "ridActualize", "ridLoad"]],
  ["Change point type: project id and type zni or rid", ["projectChangePointType"]],
  ["Stash: GET v2/stash by hash; POST {field, value, hash}; DELETE a field; clear by hash", ["stashGet", "stashSetField", "stashDeleteField", "stashClear"]],
  ["GET project briefcase name by briefcaseCode; GET project RIDs by project id", ["lookupBriefcaseName", "ridListByProject"]],
];

/** Features whose screens SPEC does not show: their API modules exist for future screens (SPEC §1). */
const NO_SCREEN = ['reports', 'tickets', 'consortiums', 'employees', 'grantee-contacts', 'center-nti', 'project-documents', 'contest-admin'];
const HOST_TITLES: Record<HostName, string> = { main: 'main', contest: 'contest (second API)', messages: 'messages', support: 'support' };
export const TABLE_START = '<!-- coverage-table:start -->';
export const TABLE_END = '<!-- coverage-table:end -->';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'generated' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** operationId → the src areas that call it through a typed client. */
export function callers(): Map<string, Set<string>> {
  const ops = (Object.keys(HOSTS) as HostName[]).flatMap((h) => loadSpec(h).operations);
  const found = new Map<string, Set<string>>();
  const add = (id: string, who: string) => (found.get(id) ?? found.set(id, new Set()).get(id)!).add(who);
  for (const file of sourceFiles(path.join(ROOT, 'src'))) {
    const text = readFileSync(file, 'utf8');
    const parts = path.relative(path.join(ROOT, 'src'), file).split(path.sep);
    const owner = parts[0] === 'features' ? parts[1]! : parts.slice(0, 2).join('/');
    for (const m of text.matchAll(/(\w+)\s*\.\s*(GET|POST|PUT|PATCH|DELETE)\(\s*['`](\/[^'`]*)['`]/g)) {
      const [, receiver, method, p] = m as unknown as [string, string, string, string];
      const before = text.slice(Math.max(0, m.index! - 40), m.index! + receiver.length);
      let host: HostName = p.startsWith('/api/') ? 'contest' : p.startsWith('/v1') || p.startsWith('/v2') ? 'main' : p === '/themes' ? 'support' : 'messages';
      if (p === '/messages' && /support/.test(before)) host = 'support';
      const op = ops.find((o) => o.host === host && o.method === method && o.path === p);
      if (op) add(op.operationId, owner);
    }
  }
  // The token renewal goes through a plain fetch in the transport (it must not recurse into the auth middleware).
  add('authRenewToken', 'lib/api (token renewal)');
  return found;
}

export function coverageTable(): string {
  const ops = new Map((Object.keys(HOSTS) as HostName[]).flatMap((h) => loadSpec(h).operations).map((o) => [o.operationId, o]));
  const docs = new Map((Object.keys(HOSTS) as HostName[]).map((h) => [h, loadSpec(h).doc]));
  const used = callers();
  const rows = ['| # | SPEC §7 line | operationId | Method and path | Host | x-assumed | Used by a screen |', '|---|---|---|---|---|---|---|'];
  const seen = new Set<string>();
  SPEC_LINES.forEach(([line, ids], i) => {
    ids.forEach((id, j) => {
      const op = ops.get(id);
      if (!op) throw new Error(`SPEC_LINES names an unknown operation ${id}`);
      seen.add(id);
      const assumed = docs.get(op.host).paths[op.path][op.method.toLowerCase()]['x-assumed'] === true;
      const who = [...(used.get(id) ?? [])];
      const screens = who.filter((w) => !NO_SCREEN.includes(w));
      const client = who.find((w) => NO_SCREEN.includes(w));
      const use = screens.length
        ? `yes — ${screens.map((s) => `\`${s}\``).join(', ')}`
        : client
          ? `no screen (SPEC §1); typed client \`features/${client}/api\``
          : 'not yet (no caller in src)';
      rows.push(`| ${j === 0 ? i + 1 : ''} | ${j === 0 ? line.replace(/\|/g, '\\|') : ''} | \`${id}\` | \`${op.method} ${op.path}\` | ${HOST_TITLES[op.host]} | ${assumed ? 'yes' : 'no'} | ${use} |`);
    });
  });
  const missing = [...ops.keys()].filter((id) => !seen.has(id));
  if (missing.length) throw new Error(`operations missing from SPEC_LINES: ${missing.join(', ')}`);
  return rows.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(ROOT, 'server/contract/readme.ts')) {
  const table = coverageTable();
  if (process.argv.includes('--write')) {
    const file = path.join(ROOT, 'openapi/README.md');
    const text = readFileSync(file, 'utf8');
    const start = text.indexOf(TABLE_START);
    const end = text.indexOf(TABLE_END);
    if (start < 0 || end < 0) throw new Error('openapi/README.md has no coverage table markers');
    writeFileSync(file, `${text.slice(0, start + TABLE_START.length)}\n${table}\n${text.slice(end)}`);
    console.log('openapi/README.md: coverage table rewritten');
  } else console.log(table);
}
