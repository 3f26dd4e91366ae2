/** Query keys of the questionnaire domain (one factory, DESIGN.md convention 4). */
export const questionnaireKeys = {
  all: ['questionnaire'] as const,
  template: (code1C: string) => [...questionnaireKeys.all, 'template', code1C] as const,
  point: (pointId: number) => [...questionnaireKeys.all, 'point', pointId] as const,
  pointData: (pointId: number) => [...questionnaireKeys.all, 'point-data', pointId] as const,
  attachments: (pointId: number) => [...questionnaireKeys.all, 'attachments', pointId] as const,
};
