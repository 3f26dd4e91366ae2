import { useState } from 'react';
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import type { Project, ProjectFile } from '../api/queries';
import { downloadProjectFile } from '../api/download-file';
import { InfoList } from './info-list';
import { DownloadIcon, FileIcon } from '@/components/icons';
import { notifyError } from '@/components/toaster';
import { errorToastText } from '@/lib/api/errors';
import { displayFileName } from '@/lib/file-name';

/** SPEC §2 "Project info": description, project files (click to download), status name, project ID, counterparty name, INN, contract number. */
export function ProjectInfo({ project }: { project: Project }) {
  const [downloading, setDownloading] = useState<number | null>(null);
  const download = async (file: ProjectFile) => {
    setDownloading(file.id);
    try {
      await downloadProjectFile(project.id, file);
    } catch (error) {
      notifyError(errorToastText(error, `Не удалось скачать файл «${file.name}»`));
    } finally {
      setDownloading(null);
    }
  };
  const rows: [string, string | number | null | undefined][] = [
    ['Статус', project.status.name],
    ['ID проекта', project.id],
    ['Контрагент', project.counterparty],
    ['ИНН', project.inn],
    ['Номер договора', project.contractNo],
  ];

  return (
    <Stack gap="6">
      <Box>
        <Heading as="h3" size="md" mb="2">
          Описание
        </Heading>
        <Text whiteSpace="pre-line" color={project.description ? 'fg' : 'fg.muted'}>
          {project.description || 'Описание проекта не заполнено'}
        </Text>
      </Box>
      <InfoList rows={rows} />
      <Box>
        <Heading as="h3" size="md" mb="2">
          Файлы проекта
        </Heading>
        {project.files?.length ? (
          <Stack as="ul" gap="2" listStyleType="none">
            {project.files.map((file) => (
              <Box as="li" key={file.id}>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void download(file)}
                  loading={downloading === file.id}
                  justifyContent="flex-start"
                  maxW="full"
                  aria-label={`Скачать файл ${displayFileName(file.name)}`}
                >
                  <FileIcon />
                  <Text as="span" truncate>
                    {displayFileName(file.name)}
                  </Text>
                  <DownloadIcon />
                </Button>
              </Box>
            ))}
          </Stack>
        ) : (
          <Text color="fg.muted">Файлы не приложены</Text>
        )}
      </Box>
    </Stack>
  );
}
