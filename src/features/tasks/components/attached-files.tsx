import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { CheckIcon, DownloadIcon, FileIcon, PenIcon } from '@/components/icons';
import { notifyError } from '@/components/toaster';
import { ShowMore, useRenderLimit } from '@/components/list-views';
import { errorToastText } from '@/lib/api/errors';
import { downloadAttachment, downloadZip } from '../api/downloads';
import type { AttachedFile } from '../api/types';
import { fileKind } from '../file-kind';
import { displayFileName } from '@/lib/file-name';

/**
 * SPEC §2 "Task preview": attached files with an icon by extension, a tick when signed, a pen when a signature is
 * needed, and the package of documents to download.
 */
export function AttachedFiles({ pointId, files }: { pointId: number; files: AttachedFile[] }) {
  const [busy, setBusy] = useState<string | null>(null);
  const shown = useRenderLimit(files);
  const run = async (key: string, action: () => Promise<void>) => {
    setBusy(key);
    try {
      await action();
    } catch (error) {
      notifyError(errorToastText(error, 'Не удалось скачать файл'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="2" bg="bg" borderWidth="1px" borderRadius="md" p={{ base: '3', md: '4' }}>
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontWeight="semibold">Документы</Text>
        <Button size="sm" variant="outline" loading={busy === 'zip'} onClick={() => run('zip', () => downloadZip(pointId))}>
          <DownloadIcon size={16} /> Пакет документов (zip)
        </Button>
      </HStack>
      {files.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          Нет приложенных файлов
        </Text>
      ) : (
        <Stack as="ul" gap="1" listStyleType="none">
          {shown.visible.map((file) => {
            const name = displayFileName(file.originalFileName ?? file.fileName);
            const kind = fileKind(name);
            const needsSign = file.signable === true && file.signValid !== true;
            return (
              <HStack as="li" key={file.id} gap="3" py="1.5" borderBottomWidth="1px" borderColor="border.muted" data-testid="attached-file">
                <Box color={`${kind.palette}.600`} position="relative" flexShrink={0}>
                  <FileIcon size={28} />
                  <Badge position="absolute" bottom="-1" left="-1" size="xs" colorPalette={kind.palette} variant="solid" fontSize="2xs" px="1">
                    {kind.label}
                  </Badge>
                </Box>
                <Stack gap="0" flex="1" minW="0">
                  <Button
                    variant="plain"
                    size="sm"
                    px="0"
                    h="auto"
                    justifyContent="start"
                    color="brand.fg"
                    whiteSpace="normal"
                    overflowWrap="anywhere"
                    textAlign="start"
                    onClick={() => run(`file-${file.id}`, () => downloadAttachment(file.id, name))}
                    loading={busy === `file-${file.id}`}
                  >
                    {name}
                  </Button>
                  {file.managerComment && (
                    <Text fontSize="xs" color="orange.700">
                      Комментарий менеджера: {file.managerComment}
                    </Text>
                  )}
                </Stack>
                {file.signValid ? (
                  <HStack gap="1" color="green.700" fontSize="xs" title="Подписан">
                    <CheckIcon size={18} aria-hidden />
                    <Text>Подписан</Text>
                  </HStack>
                ) : needsSign ? (
                  <HStack gap="1" color="orange.700" fontSize="xs" title="Требуется подпись">
                    <PenIcon size={18} aria-hidden />
                    <Text>Требуется подпись</Text>
                  </HStack>
                ) : null}
              </HStack>
            );
          })}
          <ShowMore hidden={shown.hidden} onClick={shown.showMore} />
        </Stack>
      )}
    </Stack>
  );
}
