import { createFileRoute, redirect, Link } from '@tanstack/react-router';
import { valibotValidator } from '@tanstack/valibot-adapter';
import * as v from 'valibot';
import { useQuery } from '@tanstack/react-query';
import { Button, Stack } from '@chakra-ui/react';
import { requireArea } from '@/app/guards';
import { usePageTitle } from '@/components/page-title';
import { intParam, optionalParam } from '@/components/search-params';
import { notifyError } from '@/components/toaster';
import { BackIcon } from '@/components/icons';
import { ApiError } from '@/lib/api/errors';
import { isExpert } from '@/lib/roles';
import { pointQuestionnaireQuery, templateQuestionnaireQuery } from '@/features/questionnaire/api/queries';
import { QuestionnaireForm } from '@/features/questionnaire/components/questionnaire-form';

/**
 * SPEC §2 /programs/create/{code1C} (create-project-by-code-1c): a new application. The edit variant is the same
 * screen with ?pointId= (an existing point of the competition opens in the same engine).
 * SPEC §8: a load failure with a message gives a toast and a redirect to /programs/{code}; 404 → not-found.
 */
export const Route = createFileRoute('/_cabinet/programs/create/$code1C')({
  validateSearch: valibotValidator(v.object({ pointId: optionalParam(intParam(1, Number.MAX_SAFE_INTEGER)) })),
  beforeLoad: ({ context, preload }) => requireArea(context.roles, 'program-create', preload),
  loaderDeps: ({ search }) => ({ pointId: search.pointId }),
  loader: async ({ context, params, deps, preload }) => {
    if (deps.pointId) return;
    try {
      await context.queryClient.ensureQueryData(templateQuestionnaireQuery(params.code1C));
    } catch (error) {
      if (error instanceof ApiError && error.serverMessage && error.kind !== 'not-found' && error.kind !== 'forbidden' && error.kind !== 'unauthorized') {
        if (!preload) notifyError(error.serverMessage);
        throw redirect({ to: '/programs/$id', params: { id: params.code1C }, replace: true });
      }
      throw error;
    }
  },
  component: Screen,
});

function Screen() {
  const { code1C } = Route.useParams();
  const { pointId } = Route.useSearch();
  const { user, roles } = Route.useRouteContext();
  const template = useQuery({ ...templateQuestionnaireQuery(code1C), enabled: !pointId });
  const point = useQuery({ ...pointQuestionnaireQuery(pointId ?? 0), enabled: !!pointId });
  const name = (pointId ? point.data : template.data)?.name;
  usePageTitle(name ? `Заявка: ${name}` : 'Заявка');
  return (
    <Stack gap="4" maxW="4xl" mx="auto" w="full">
      <Button asChild variant="ghost" size="sm" alignSelf="start">
        <Link to="/programs/$id" params={{ id: code1C }}>
          <BackIcon size={16} /> К описанию конкурса
        </Link>
      </Button>
      <QuestionnaireForm
        key={pointId ?? code1C}
        source={pointId ? { kind: 'point', pointId } : { kind: 'create', code1C }}
        userId={user.id}
        canSign
        isExpert={isExpert(roles)}
      />
    </Stack>
  );
}
