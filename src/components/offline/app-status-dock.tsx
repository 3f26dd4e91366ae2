import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { useUnsentCount, useWorkerSent } from '@/lib/offline/status';
import { promptInstall, useInstallOffered } from '@/lib/pwa/install';
import { applyUpdate, useUpdateAvailable } from '@/lib/pwa/service-worker';

// Said once after the service worker sent edits with the cabinet closed: its code comes only then.
const WorkerSentNotice = lazy(() => import('./worker-sent-notice').then((m) => ({ default: m.WorkerSentNotice })));

function WorkerSent() {
  const sent = useWorkerSent();
  return sent ? (
    <Suspense fallback={null}>
      <WorkerSentNotice />
    </Suspense>
  ) : null;
}

/**
 * The app-wide status: the update prompt and the install action at the bottom centre (toasts live bottom-right, the
 * menu on the left) — below dialogs, so a modal is never covered. The offline banner is part of the cabinet's layout.
 */
export function AppStatusDock() {
  return (
    <>
      <Box position="fixed" insetX="0" bottom={{ base: '3', md: '4' }} zIndex="banner" pointerEvents="none" px="3">
        <Stack gap="2" align="center">
          <WorkerSent />
          <UpdatePrompt />
          <InstallAction />
        </Stack>
      </Box>
    </>
  );
}

const EDITABLE = 'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="textbox"], [role="combobox"]';

function isEditing(element: Element | null): boolean {
  if (!element || element === document.body) return false;
  if (element instanceof HTMLInputElement && ['button', 'submit', 'reset', 'checkbox', 'radio', 'file'].includes(element.type)) return false;
  return element.matches(EDITABLE);
}

/** True while a form field has the focus (a form is being edited). */
export function useFieldFocused(): boolean {
  const [focused, setFocused] = useState(() => typeof document !== 'undefined' && isEditing(document.activeElement));
  useEffect(() => {
    // focusout fires before focus lands elsewhere: re-check on the next frame.
    const update = () => requestAnimationFrame(() => setFocused(isEditing(document.activeElement)));
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', update);
    return () => {
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', update);
    };
  }, []);
  return focused;
}

/**
 * "Доступна новая версия" / "Обновить" (DESIGN.md): never applied while the outbox holds unsent edits or a field is
 * being edited — the prompt waits until the user's work is safe on the server and the form is left.
 */
export function UpdatePrompt() {
  const available = useUpdateAvailable();
  const unsent = useUnsentCount();
  const editing = useFieldFocused();
  const held = unsent > 0 || editing;
  if (!available || held) return null;
  return (
    <Card testId="update-prompt">
      <Text fontWeight="semibold">Доступна новая версия</Text>
      <Button size="sm" borderRadius="pill" onClick={applyUpdate}>
        Обновить
      </Button>
    </Card>
  );
}

const INSTALL_DISMISSED_KEY = 'cabinet_install_dismissed_at';
const INSTALL_DISMISS_MS = 30 * 24 * 60 * 60 * 1000;

function dismissedRecently(): boolean {
  try {
    const at = Number(localStorage.getItem(INSTALL_DISMISSED_KEY) ?? 0);
    return !!at && Date.now() - at < INSTALL_DISMISS_MS;
  } catch {
    return false;
  }
}

/** "Установить приложение" where the browser offers installation, on a cabinet screen the person stays on (install-offer.ts). */
export function InstallAction() {
  const canInstall = useInstallOffered();
  const [dismissed, setDismissed] = useState(dismissedRecently);
  if (!canInstall || dismissed) return null;
  return (
    <Card testId="install-action">
      <Text>Личный кабинет можно установить как приложение</Text>
      <HStack gap="2">
        <Button size="sm" borderRadius="pill" onClick={() => void promptInstall()}>
          Установить приложение
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            localStorage.setItem(INSTALL_DISMISSED_KEY, String(Date.now()));
            setDismissed(true);
          }}
        >
          Не сейчас
        </Button>
      </HStack>
    </Card>
  );
}

function Card({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <HStack
      role="status"
      data-testid={testId}
      pointerEvents="auto"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      borderRadius="xl"
      boxShadow="lg"
      px="4"
      py="3"
      gap="4"
      wrap="wrap"
      justify="center"
      maxW="lg"
    >
      {children}
    </HStack>
  );
}
