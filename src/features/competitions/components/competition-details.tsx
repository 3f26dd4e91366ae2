import { Alert, Badge, Box, DataList, Grid, HStack, Heading, IconButton, Stack, Tabs, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { BackIcon, DownloadIcon, FileIcon } from '@/components/icons';
import { TabPanel, tabPanelLinks } from '@/components/tab-panel';
import { ShowMore, useRenderLimit } from '@/components/list-views';
import { notifyError } from '@/components/toaster';
import { errorToastText } from '@/lib/api/errors';
import { downloadCompetitionFile } from '../api/download-file';
import { competitionQuery, competitionTaskCountQuery, type Competition } from '../api/queries';
import { canApply } from '../rules/apply';
import { formatDate, formatMoney, formatRange } from '../rules/format';
import { ApplyLink } from './apply-link';
import { CompetitionChips } from './competition-chips';
import { RichText } from '@/components/rich-text';
import { displayFileName } from '@/lib/file-name';

const COMPETITION_TABS = 'competition';
const competitionTabs = tabPanelLinks(COMPETITION_TABS);

export type DetailsTab = 'info' | 'tasks';

interface Props {
  idOrCode: string;
  tab: DetailsTab;
  onTabChange: (tab: DetailsTab) => void;
  /** The user's roles allow the create route (SPEC §6). */
  canCreate: boolean;
  /** The signed-in user: their own applications to the competition are offered before a new one. */
  userId: number;
  /** The "Задачи" tab content (the task table, composed by the route). */
  tasks: ReactNode;
}

/** SPEC §2 "Competition details": two tabs, back arrow, texts, sidebar, materials and "Подать заявку". */
export function CompetitionDetails({ idOrCode, tab, onTabChange, canCreate, userId, tasks }: Props) {
  const { data: c } = useQuery(competitionQuery(idOrCode));
  const count = useQuery({ ...competitionTaskCountQuery(c?.code1C ?? idOrCode), enabled: !!c });
  // The moment the page opened decides the button; it does not flicker while the page stays open.
  const [openedAt] = useState(() => Date.now());
  if (!c) return null;
  const showApply = tab === 'info' && canApply(c, { canCreate, now: openedAt });
  return (
    <Stack gap="5">
      <HStack gap="3" align="start">
        <IconButton asChild variant="ghost" aria-label="Назад к списку конкурсов" size="sm" mt="0.5">
          <Link to="/programs">
            <BackIcon />
          </Link>
        </IconButton>
        <Stack gap="2" flex="1" minW="0">
          <Heading as="h2" size={{ base: 'lg', md: 'xl' }}>
            {c.name}
          </Heading>
          <CompetitionChips status={c.status} mine={c.hasUserActivePoints} hasTasks={c.hasActivePoints} />
        </Stack>
        {showApply && <ApplyLink code1C={c.code1C} userId={userId} display={{ base: 'none', md: 'inline-flex' }} />}
      </HStack>

      <Tabs.Root value={tab} onValueChange={(e) => onTabChange(e.value === 'tasks' ? 'tasks' : 'info')} variant="line" ids={competitionTabs.ids}>
        <Tabs.List>
          <Tabs.Trigger value="info" {...competitionTabs.controls('info', tab)}>Сведения о конкурсе</Tabs.Trigger>
          <Tabs.Trigger value="tasks" {...competitionTabs.controls('tasks', tab)}>
            Задачи
            {count.data != null && (
              <Badge ms="1.5" colorPalette="brand" variant="solid" rounded="full" aria-label={`задач: ${count.data}`}>
                {count.data}
              </Badge>
            )}
          </Tabs.Trigger>
        </Tabs.List>
        <TabPanel name={COMPETITION_TABS} value="info" selected={tab} lazyMount pt="4">
          <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 320px' }} gap="5" alignItems="start">
            <Stack gap="5" order={{ base: 2, lg: 1 }}>
              <InfoSections c={c} />
              <Materials c={c} />
            </Stack>
            <Stack gap="4" order={{ base: 1, lg: 2 }}>
              <Sidebar c={c} />
              {showApply && <ApplyLink code1C={c.code1C} userId={userId} size="lg" w="full" display={{ base: 'inline-flex', md: 'none' }} />}
            </Stack>
          </Grid>
        </TabPanel>
        <TabPanel name={COMPETITION_TABS} value="tasks" selected={tab} lazyMount pt="4">
          {tasks}
        </TabPanel>
      </Tabs.Root>
    </Stack>
  );
}

function Card({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Box bg="bg" borderWidth="1px" borderColor="border" rounded="xl" p={{ base: '4', md: '6' }}>
      {title && (
        <Heading as="h3" size="md" mb="3">
          {title}
        </Heading>
      )}
      {children}
    </Box>
  );
}

function InfoSections({ c }: { c: Competition }) {
  const requirements: [string, string | null | undefined][] = [
    ['Требования к участникам', c.participantsRequirements],
    ['Требования к реализации проекта', c.implementationRequirements],
    ['Требования к расходованию средств', c.fundsRequirements],
    ['Требования к софинансированию', c.cofinancingRequirements],
  ];
  return (
    <>
      {c.importantInfo && (
        <Alert.Root status="warning" rounded="xl">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Важная информация</Alert.Title>
            <Alert.Description>
              <RichText html={c.importantInfo} />
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <Card title="О конкурсе">
        <Stack gap="3">
          {c.fullName && (
            <Box>
              <Text color="fg.muted" fontSize="sm">
                Полное наименование
              </Text>
              <Text fontWeight="medium">{c.fullName}</Text>
            </Box>
          )}
          {c.description ? <RichText html={c.description} data-testid="competition-description" /> : <Text color="fg.muted">Описание не указано</Text>}
        </Stack>
      </Card>
      {requirements
        .filter(([, html]) => !!html)
        .map(([title, html]) => (
          <Card key={title} title={title}>
            <RichText html={html!} />
          </Card>
        ))}
    </>
  );
}

function Sidebar({ c }: { c: Competition }) {
  const rows: [string, string][] = [
    ['Статус', c.status ?? '—'],
    ['Проведение конкурса', formatRange(c.dateFrom, c.dateTo)],
    ['Подведение итогов', formatRange(c.resultDateFrom, c.resultDateTo)],
    ['Максимальный размер поддержки', formatMoney(c.supportLimit)],
    ['Начало заполнения анкет', formatDate(c.dateFillFrom) || '—'],
    ['Начало приема заявок', formatDate(c.dateSubmitFrom) || '—'],
    ['Окончание приема заявок', formatDate(c.dateTo) || '—'],
  ];
  return (
    <Card>
      <DataList.Root orientation="vertical" gap="3">
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue fontWeight="medium">{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Card>
  );
}

/** Additional materials; hidden behind pre-registration when it is required (SPEC §2). */
function Materials({ c }: { c: Competition }) {
  const [busy, setBusy] = useState<number | null>(null);
  const files = c.files ?? [];
  const shown = useRenderLimit(files);
  const download = async (id: number, name: string) => {
    setBusy(id);
    try {
      await downloadCompetitionFile(id, name);
    } catch (error) {
      notifyError(errorToastText(error, 'Не удалось скачать файл'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card title="Дополнительные материалы">
      {c.preRegistration ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>Материалы будут доступны после предварительной регистрации</Alert.Description>
        </Alert.Root>
      ) : files.length === 0 ? (
        <Text color="fg.muted">Нет данных</Text>
      ) : (
        <Stack gap="3" as="ul" listStyleType="none">
          {shown.visible.map((f) => (
            <HStack as="li" key={f.id} gap="3" align="start" borderWidth="1px" borderColor="border" rounded="lg" p="3">
              <Box color="brand.fg" mt="0.5">
                <FileIcon />
              </Box>
              <Box flex="1" minW="0">
                <Text fontWeight="medium" overflowWrap="anywhere">
                  {displayFileName(f.name)}
                </Text>
                {f.description && (
                  <Text fontSize="sm" color="fg.muted">
                    {f.description}
                  </Text>
                )}
              </Box>
              <IconButton aria-label={`Скачать ${displayFileName(f.name)}`} variant="outline" size="sm" loading={busy === f.id} onClick={() => download(f.id, f.name)}>
                <DownloadIcon size={16} />
              </IconButton>
            </HStack>
          ))}
          <ShowMore hidden={shown.hidden} onClick={shown.showMore} />
        </Stack>
      )}
    </Card>
  );
}
