import { Alert, Box, Skeleton, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { draftHash, getDraftStore } from '@/lib/offline/draft-store';
import { errorToastText } from '@/lib/api/errors';
import { pointAttachmentsQuery, pointDataQuery, pointQuestionnaireQuery, templateQuestionnaireQuery } from '../api/queries';
import { buildDefinition, type QuestionnaireSource } from '../model/definition';
import { isEditablePoint } from '@/lib/editable-point';
import { DeferredMount } from '@/components/deferred-mount';
import { ScreenLoadError } from '@/components/status-views';
import { FormRoot } from './form-root';


export interface QuestionnaireFormProps {
  source: QuestionnaireSource;
  userId: number;
  /** The user may sign the point (shows the signing-plugin banner for signable fields, SPEC §2). */
  canSign?: boolean;
  /** The user is an expert (submit label "Перейти к отправке" in vote mode). */
  isExpert?: boolean;
}

/**
 * The questionnaire engine (SPEC §2 "Application / questionnaire form"): a new application from a template code,
 * or an editable point. Loads the definition, the saved values and files, and the draft; then renders the form.
 */
export function QuestionnaireForm(props: QuestionnaireFormProps) {
  const { source, userId } = props;
  const pointId = source.kind === 'point' ? source.pointId : undefined;
  const byTemplate = useQuery({ ...templateQuestionnaireQuery(source.kind === 'create' ? source.code1C : ''), enabled: source.kind === 'create' });
  const byPoint = useQuery({ ...pointQuestionnaireQuery(pointId ?? 0), enabled: pointId !== undefined });
  const questionnaire = source.kind === 'create' ? byTemplate : byPoint;
  // The form owns its values while open: no silent refetch under the user's hands (reload() after a save).
  const point = useQuery({ ...pointDataQuery(pointId ?? 0), enabled: pointId !== undefined, refetchOnWindowFocus: false, refetchOnMount: 'always' });
  const files = useQuery({ ...pointAttachmentsQuery(pointId ?? 0), enabled: pointId !== undefined, refetchOnWindowFocus: false, refetchOnMount: 'always' });
  const [version, setVersion] = useState(0);
  const hash = draftHash(userId, source.kind === 'create' ? source.code1C : source.pointId);
  const draft = useDraft(hash);

  const newApplication = source.kind === 'create';
  const def = useMemo(() => (questionnaire.data ? buildDefinition(questionnaire.data, { newApplication }) : null), [questionnaire.data, newApplication]);
  const failed = [questionnaire, point, files].find((q) => q.isError);
  if (failed) {
    return (
      <ScreenLoadError
        title="Не удалось загрузить анкету"
        message={errorToastText(failed.error, 'Произошла ошибка при получении данных')}
        onRetry={() => [questionnaire, point, files].forEach((q) => q.isError && void q.refetch())}
      />
    );
  }
  // SPEC §4: NEW, FILLING, NEEDS_IMPROVEMENTS, SUSPENDED, RETURN_TO_EDIT are edited only when canEdit is also true.
  if (point.data && !isEditablePoint(point.data)) {
    return (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Анкета недоступна для редактирования</Alert.Title>
          <Alert.Description>
            Статус задачи: «{point.data.status.name}». Просмотреть данные можно на{' '}
            <Link to="/tasks/$id" params={{ id: String(point.data.id) }} style={{ textDecoration: 'underline' }}>
              странице задачи
            </Link>
            .
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  const ready = def && draft !== undefined && (pointId === undefined || (point.data && files.data && point.isFetchedAfterMount && files.isFetchedAfterMount));
  if (!ready) return <FormSkeleton />;
  // The form's first render (its first screen of fields, a few hundred components) runs in the background, in slices,
  // behind the skeleton: the data and the draft arrive through the query cache and a promise, which React would
  // otherwise render in one long task (~1 s in Lighthouse's phone for START-2026).
  return (
    <DeferredMount fallback={<FormSkeleton />}>
      <FormRoot
        key={`${hash}:${version}`}
        def={def}
        source={source}
        hash={hash}
        draft={draft}
        pointValues={point.data?.values}
        attachedFiles={files.data}
        canSign={!!props.canSign}
        isExpert={!!props.isExpert}
        // SPEC §2: after saving a point the page reloads — the form starts again from the saved values.
        onReload={async () => {
          await Promise.all([point.refetch(), files.refetch(), questionnaire.refetch()]);
          setVersion((v) => v + 1);
        }}
      />
    </DeferredMount>
  );
}

/** The draft (server stash merged with unsent local edits) of one questionnaire; {} when it cannot be read. */
function useDraft(hash: string): Record<string, unknown> | undefined {
  const [state, setState] = useState<{ hash: string; values: Record<string, unknown> } | null>(null);
  useEffect(() => {
    let cancelled = false;
    getDraftStore()
      .load(hash)
      .catch((error: unknown) => {
        console.warn('draft load failed', error);
        return {};
      })
      .then((values) => {
        if (!cancelled) setState({ hash, values: values ?? {} });
      });
    return () => {
      cancelled = true;
    };
  }, [hash]);
  return state?.hash === hash ? state.values : undefined;
}

function FormSkeleton() {
  return (
    <Stack gap="4" aria-busy="true" aria-label="Загрузка анкеты">
      <Skeleton height="10" width="60%" />
      {[0, 1, 2].map((i) => (
        <Box key={i} bg="bg" borderWidth="1px" borderColor="border" rounded="xl" p="6">
          <Stack gap="4">
            <Skeleton height="6" width="40%" />
            <Skeleton height="10" />
            <Skeleton height="10" />
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
