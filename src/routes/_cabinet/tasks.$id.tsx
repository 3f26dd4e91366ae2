import { createFileRoute, notFound } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { requireArea } from '@/app/guards';
import { usePageTitle } from '@/components/page-title';
import { SIGNING_ERROR_THEME_ID } from '@/lib/limits';
import { pointQuery } from '@/features/tasks/api/queries';
import { useReloadTasks } from '@/features/tasks/api/reload-tasks';
import { TaskEditLayout, TaskPreview } from '@/features/tasks/components/task-preview';
import { QuestionnaireForm } from '@/features/questionnaire/components/questionnaire-form';
import { isExpert } from '@/lib/roles';
import { isEditablePoint } from '@/lib/editable-point';
import { SignAction, type SignErrorDetails } from '@/features/signing/components/sign-action';
import { signErrorMessage } from '@/features/signing/sign-error-message';
import { FeedbackDialog } from '@/features/feedback/components/feedback-dialog';

/** /tasks/{id} (id is the point id): the editable form for editable statuses, otherwise the read-only preview. */
export const Route = createFileRoute('/_cabinet/tasks/$id')({
  staticData: { hideFooter: true },
  params: {
    parse: ({ id }) => {
      const n = Number(id);
      if (!Number.isInteger(n) || n < 1) throw notFound();
      return { id: String(n) };
    },
    stringify: ({ id }) => ({ id }),
  },
  beforeLoad: ({ context, preload }) => requireArea(context.roles, 'tasks', preload),
  loader: ({ context, params }) => context.queryClient.ensureQueryData({ ...pointQuery(Number(params.id)), revalidateIfStale: true }),
  component: TaskScreen,
});

function TaskScreen() {
  const { id } = Route.useParams();
  const { user, roles } = Route.useRouteContext();
  const { data: point } = useSuspenseQuery(pointQuery(Number(id)));
  const [report, setReport] = useState<SignErrorDetails | null>(null);
  usePageTitle(point.name);
  const reload = useReloadTasks();

  // SPEC §4: editable only when the status is an editing one and canEdit is set; otherwise the read-only preview.
  if (isEditablePoint(point)) {
    return (
      <TaskEditLayout
        point={point}
        currentUserId={user.id}
        form={<QuestionnaireForm key={point.id} source={{ kind: 'point', pointId: point.id }} userId={user.id} canSign={point.canSign} isExpert={isExpert(roles)} />}
      />
    );
  }

  return (
    <>
      <TaskPreview
        point={point}
        currentUserId={user.id}
        renderSign={({ point: p, label }) => (
          <SignAction point={p} label={label} onSigned={reload} onAttorneyUploaded={reload} onReportError={setReport} />
        )}
      />
      <FeedbackDialog
        open={!!report}
        onClose={() => setReport(null)}
        initialTheme={SIGNING_ERROR_THEME_ID}
        initialSubject="Ошибка при подписании"
        initialMessage={report ? signErrorMessage(report) : ''}
      />
    </>
  );
}
