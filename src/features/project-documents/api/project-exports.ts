import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';

/** SPEC §7 "GET export, export-document, export-program, template (templateType) as files". */

/** GET /v1/projects/export — the projects the user sees, as .xlsx. */
export function downloadProjectsExport(): Promise<Blob> {
  return unwrap(api().main.GET('/v1/projects/export', { parseAs: 'blob' })) as Promise<Blob>;
}

/** GET /v1/projects/export-document?projectId= — the project's document (PDF). */
export function downloadProjectDocument(projectId: number): Promise<Blob> {
  return unwrap(api().main.GET('/v1/projects/export-document', { params: { query: { projectId } }, parseAs: 'blob' })) as Promise<Blob>;
}

/** GET /v1/projects/export-program?projectId= — the implementation program (plan stages) as a workbook. */
export function downloadProjectProgram(projectId: number): Promise<Blob> {
  return unwrap(api().main.GET('/v1/projects/export-program', { params: { query: { projectId } }, parseAs: 'blob' })) as Promise<Blob>;
}

/**
 * GET /v1/projects/template?templateType= — a blank workbook. The reference back end knows summary, years,
 * performance, implementation-plan, additional-need (the indicator parser uploads) and consortiums, employees,
 * grantee-contacts (the registry imports); the values are not shown in SPEC.
 */
export function downloadProjectTemplate(templateType: string): Promise<Blob> {
  return unwrap(api().main.GET('/v1/projects/template', { params: { query: { templateType } }, parseAs: 'blob' })) as Promise<Blob>;
}
