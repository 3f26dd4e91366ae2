import { createFileRoute } from '@tanstack/react-router';
import { valibotValidator } from '@tanstack/valibot-adapter';
import { useBreakpointValue } from '@chakra-ui/react';
import { useCallback } from 'react';
import { requireArea } from '@/app/guards';
import { usePageTitle } from '@/components/page-title';
import { competitionGroupsQuery, competitionsQuery } from '@/features/competitions/api/queries';
import { competitionsRouteSearch, filtersToSearch, parseFilters, type CompetitionFilters } from '@/features/competitions/rules/list-search';
import { CompetitionsList } from '@/features/competitions/components/competitions-list';

/** SPEC §2 /programs: filters live in the URL search params, so a reload keeps them. */
export const Route = createFileRoute('/_cabinet/programs/')({
  validateSearch: valibotValidator(competitionsRouteSearch),
  beforeLoad: ({ context, preload }) => requireArea(context.roles, 'programs', preload),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(competitionGroupsQuery());
    return context.queryClient.ensureQueryData(competitionsQuery());
  },
  component: Screen,
});

function Screen() {
  usePageTitle(useBreakpointValue({ base: 'Конкурсы', md: 'Текущие конкурсы' }) ?? 'Текущие конкурсы');
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const filters = parseFilters(search);
  const change = useCallback((next: CompetitionFilters) => void navigate({ search: filtersToSearch(next), replace: true }), [navigate]);
  return <CompetitionsList filters={filters} onFiltersChange={change} />;
}
