import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { briefcaseQuery, projectCompetitionQuery, type Project } from '../api/queries';
import { formatDate } from '../plan-rules';
import { InfoList } from './info-list';
import { RichText } from '@/components/rich-text';

const range = (from?: string | null, to?: string | null) => (from || to ? `${formatDate(from)} – ${formatDate(to)}` : null);
const money = (value?: number | null) =>
  value === null || value === undefined ? null : `${value.toLocaleString('ru-RU', { maximumFractionDigits: 2 }).replace(/\u00a0/g, ' ')} ₽`;

/** "Сведения о конкурсе": the project's competition (template) with its briefcase; the competition card when it is active. */
export function CompetitionInfo({ project }: { project: Project }) {
  const competition = useQuery({ ...projectCompetitionQuery(project.templateCode ?? ''), enabled: !!project.templateCode });
  const briefcase = useQuery({ ...briefcaseQuery(project.briefcaseCode ?? ''), enabled: !!project.briefcaseCode });
  const c = competition.data;
  const rows: [string, string | null | undefined][] = [
    ['Конкурс', project.template.name],
    ['Код конкурса', project.templateCode],
    ['Портфель', project.briefcaseCode ? (briefcase.data ?? (briefcase.isPending ? '…' : project.briefcaseCode)) : null],
    ...(c
      ? ([
          ['Статус конкурса', c.status],
          ['Проведение конкурса', range(c.dateFrom, c.dateTo)],
          ['Подведение итогов', range(c.resultDateFrom, c.resultDateTo)],
          ['Максимальная сумма поддержки', money(c.supportLimit)],
        ] as [string, string | null | undefined][])
      : []),
  ];

  return (
    <Stack gap="6">
      <InfoList rows={rows} />
      {competition.isPending && !!project.templateCode && <Skeleton h="24" />}
      {competition.isError && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator aria-hidden="true" />
          <Alert.Title flex="1">Не удалось загрузить описание конкурса.</Alert.Title>
          <Button size="sm" variant="outline" onClick={() => void competition.refetch()}>
            Повторить
          </Button>
        </Alert.Root>
      )}
      {c?.fullName && (
        <Box>
          <Heading as="h3" size="md" mb="2">
            Полное наименование
          </Heading>
          <Text>{c.fullName}</Text>
        </Box>
      )}
      {c?.description && (
        <Box>
          <Heading as="h3" size="md" mb="2">
            О конкурсе
          </Heading>
          <RichText className="competition-html" html={c.description} />
        </Box>
      )}
      {competition.isSuccess && !c && (
        <Text color="fg.muted">Приём заявок по конкурсу завершён; подробное описание конкурса больше не публикуется.</Text>
      )}
    </Stack>
  );
}
