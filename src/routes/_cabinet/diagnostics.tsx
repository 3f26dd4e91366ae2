import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { requireArea } from '@/app/guards';
import { usePageTitle } from '@/components/page-title';
import { getConfig } from '@/lib/config';
import { signingProvider } from '@/features/signing/provider';
import { DiagnosticsPanel } from '@/features/diagnostics/components/diagnostics-panel';

/** /diagnostics — electronic-signature diagnostics (SPEC §2): the signing feature's provider in the diagnostics panel. */
export const Route = createFileRoute('/_cabinet/diagnostics')({
  beforeLoad: ({ context, preload }) => requireArea(context.roles, 'diagnostics', preload),
  component: DiagnosticsScreen,
});

function DiagnosticsScreen() {
  usePageTitle('Диагностика ЭП');
  const provider = useMemo(() => signingProvider(getConfig().signingMode), []);
  return <DiagnosticsPanel provider={provider} />;
}
