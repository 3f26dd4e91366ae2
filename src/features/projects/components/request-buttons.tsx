import { useState } from 'react';
import { Button, HStack } from '@chakra-ui/react';
import { useSendProjectRequest, type ProjectRequestType } from '../api/send-request';
import type { Project } from '../api/queries';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DIALOG_WIDTH } from '@/lib/limits';
import { notifySuccess } from '@/components/toaster';

const REQUESTS: Record<ProjectRequestType, { label: string; message: string }> = {
  zni: { label: 'Запрос на изменение', message: 'Вы уверены что хотите отправить запрос на изменение?' },
  rid: { label: 'Запрос на РИД', message: 'Вы уверены что хотите отправить запрос на РИД?' },
};

/**
 * SPEC §2: "Запрос на изменение" only with zniButton, "Запрос на РИД" only with ridButton; each asks for confirmation
 * (Отмена / Отправить) and sends change-point-type. SPEC §8: "Запрос успешно отправлен", or the server's message.
 */
export function RequestButtons({ project, onSent }: { project: Project; onSent?: () => void }) {
  const [open, setOpen] = useState<ProjectRequestType | null>(null);
  const send = useSendProjectRequest(project.id);
  const available = (['zni', 'rid'] as const).filter((type) => (type === 'zni' ? project.zniButton : project.ridButton));
  if (available.length === 0) return null;

  const confirm = () => {
    if (!open) return;
    send.mutate(open, {
      onSuccess: () => {
        notifySuccess('Запрос успешно отправлен');
        onSent?.();
      },
      onSettled: () => setOpen(null),
    });
  };

  return (
    <HStack gap="2" wrap="wrap">
      {available.map((type) => (
        <Button key={type} variant={type === 'zni' ? 'solid' : 'outline'} colorPalette="brand" borderRadius="pill" size="sm" onClick={() => setOpen(type)}>
          {REQUESTS[type].label}
        </Button>
      ))}
      <ConfirmDialog
        open={open !== null}
        title={open ? REQUESTS[open].label : ''}
        message={open ? REQUESTS[open].message : ''}
        confirmLabel="Отправить"
        maxWidth={DIALOG_WIDTH.request}
        pending={send.isPending}
        onConfirm={confirm}
        onClose={() => setOpen(null)}
      />
    </HStack>
  );
}
