import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge, Box, Flex, IconButton, Stack, Tabs, Text } from '@chakra-ui/react';
import { projectTasksCountQuery, type Project } from '../api/queries';
import { BackIcon } from '@/components/icons';
import { TabPanel, tabPanelLinks } from '@/components/tab-panel';
import type { ProjectTab } from '../project-tabs';
import { CompetitionInfo } from './competition-info';
import { PlanTimeline } from './plan-timeline';
import { ProjectInfo } from './project-info';
import { ProjectWidget } from './project-widget';
import { RequestButtons } from './request-buttons';

const PROJECT_TABS = 'project';
const projectTabs = tabPanelLinks(PROJECT_TABS);


export interface ProjectPageProps {
  project: Project;
  tab: ProjectTab;
  onTabChange: (tab: ProjectTab) => void;
  onBack: () => void;
  /** The project's tasks (composed by the route from the tasks feature). */
  tasksContent: ReactNode;
  /** The RID tab (composed by the route from the RID feature). */
  ridContent: ReactNode;
  /** A request became a task of the project (the route refreshes the task list). */
  onRequestSent?: () => void;
}

export const hasPlan = (project: Project) => !!project.plan && project.plan.length > 0;

/** The number of the project's tasks on the "Задачи" tab, once known; its own query, so its answer redraws only this. */
function TasksCount({ projectId }: { projectId: number }) {
  const count = useQuery(projectTasksCountQuery(projectId)).data;
  if (count == null) return null;
  return (
    <Badge colorPalette="brand" variant="solid" borderRadius="full" data-testid="tasks-count">
      {count}
    </Badge>
  );
}

/**
 * SPEC §2 project page: back arrow to /projects; tabs Задачи (count badge), Сведения о проекте, Сведения о конкурсе,
 * План мероприятий (only when the project has a plan), РИД; the request buttons; the external widget.
 */
export function ProjectPage({ project, tab, onTabChange, onBack, tasksContent, ridContent, onRequestSent }: ProjectPageProps) {
  const withPlan = hasPlan(project);
  const current = tab === 'plan' && !withPlan ? 'tasks' : tab;
  return (
    <Stack gap="4">
      <Flex gap="3" align={{ base: 'flex-start', md: 'center' }} direction={{ base: 'column', md: 'row' }}>
        <Flex gap="2" align="flex-start" flex="1" minW="0">
          <IconButton aria-label="Назад к списку проектов" variant="ghost" size="sm" onClick={onBack} mt="0.5">
            <BackIcon />
          </IconButton>
          {/* The project name is the page title in the header (SPEC §2 shell); here the competition and status. */}
          <Box minW="0" pt="1.5">
            {/* The header truncates long titles on a phone: the full name is repeated here there. */}
            <Text hideFrom="md" fontWeight="semibold" fontSize="lg" lineHeight="short" mb="1">
              {project.name}
            </Text>
            <Text color="fg.muted" fontSize="sm">
              {project.template.name} · {project.status.name} · ID {project.id}
            </Text>
          </Box>
        </Flex>
        <RequestButtons project={project} onSent={onRequestSent} />
      </Flex>
      <Tabs.Root value={current} onValueChange={(e) => onTabChange(e.value as ProjectTab)} variant="line" ids={projectTabs.ids}>
        <Box overflowX="auto" mx={{ base: '-3', md: '0' }} px={{ base: '3', md: '0' }}>
          <Tabs.List minW="max-content">
            <Tabs.Trigger value="tasks" {...projectTabs.controls('tasks', current)}>
              Задачи
              <TasksCount projectId={project.id} />
            </Tabs.Trigger>
            <Tabs.Trigger value="info" {...projectTabs.controls('info', current)}>Сведения о проекте</Tabs.Trigger>
            <Tabs.Trigger value="competition" {...projectTabs.controls('competition', current)}>Сведения о конкурсе</Tabs.Trigger>
            {withPlan && <Tabs.Trigger value="plan" {...projectTabs.controls('plan', current)}>План мероприятий</Tabs.Trigger>}
            <Tabs.Trigger value="rid" {...projectTabs.controls('rid', current)}>РИД</Tabs.Trigger>
          </Tabs.List>
        </Box>
        <Box bg="bg" borderWidth="1px" borderTopWidth="0" borderBottomRadius="lg" p={{ base: '4', md: '6' }}>
          <TabPanel name={PROJECT_TABS} value="tasks" selected={current} lazyMount>
            {tasksContent}
          </TabPanel>
          <TabPanel name={PROJECT_TABS} value="info" selected={current} lazyMount>
            <ProjectInfo project={project} />
          </TabPanel>
          <TabPanel name={PROJECT_TABS} value="competition" selected={current} lazyMount>
            <CompetitionInfo project={project} />
          </TabPanel>
          {withPlan && (
            <TabPanel name={PROJECT_TABS} value="plan" selected={current} lazyMount>
              <PlanTimeline plan={project.plan!} />
            </TabPanel>
          )}
          <TabPanel name={PROJECT_TABS} value="rid" selected={current} lazyMount>
            {ridContent}
          </TabPanel>
        </Box>
      </Tabs.Root>
      {/* Below the tabs: the widget arrives after the page has loaded, and nothing on screen moves when it does. */}
      <ProjectWidget projectId={project.id} />
    </Stack>
  );
}
