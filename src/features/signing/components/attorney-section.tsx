import { Alert, Box, Button, Checkbox, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { errorToastText } from '@/lib/api/errors';
import { notifySuccess } from '@/components/toaster';
import { ATTORNEY_UPLOAD_FAILED, useUploadAttorney } from '../api/upload-attorney';
import { attorneyFileProblem } from '../attorney-file';

export interface AttorneyInfo {
  signer_fio: string;
  startDate?: string | null;
  endDate?: string | null;
}

/**
 * Power of attorney (МЧД) for points with attorneyRequired (SPEC §2, §5, §8): upload an XML (at most 2 MB) or tick
 * that the signer acts for the organisation without one.
 */
export function AttorneySection(props: {
  pointId: number;
  attorney: AttorneyInfo | null;
  onUploaded: (attorney: AttorneyInfo) => void;
  withoutAttorney: boolean;
  onWithoutAttorneyChange: (value: boolean) => void;
}) {
  const { pointId, attorney, onUploaded, withoutAttorney, onWithoutAttorneyChange } = props;
  const upload = useUploadAttorney();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setProblem(chosen ? attorneyFileProblem(chosen) : null);
  };

  const send = () => {
    const issue = attorneyFileProblem(file);
    setProblem(issue);
    if (issue || !file) return;
    upload.mutate(
      { pointId, file },
      {
        onSuccess: (result) => {
          notifySuccess('МЧД успешно загружена');
          onUploaded(result);
          setFile(null);
          if (input.current) input.current.value = '';
        },
        // The toast comes from the query client's one error handler; the same text stays beside the file.
        onError: (error) => setProblem(errorToastText(error, ATTORNEY_UPLOAD_FAILED)),
      },
    );
  };

  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="3" role="group" aria-label="Машиночитаемая доверенность" position="relative">
      <Text fontWeight="semibold">Машиночитаемая доверенность (МЧД)</Text>
      {attorney ? (
        <Alert.Root status="success" size="sm">
          <Alert.Indicator />
          <Alert.Description>
            МЧД загружена: {attorney.signer_fio}
            {attorney.startDate || attorney.endDate ? `, действует с ${attorney.startDate ?? '…'} по ${attorney.endDate ?? '…'}` : ''}
          </Alert.Description>
        </Alert.Root>
      ) : (
        <Alert.Root status="warning" size="sm">
          <Alert.Indicator />
          <Alert.Description>МЧД не загружена</Alert.Description>
        </Alert.Root>
      )}
      <HStack gap="2" wrap="wrap">
        {/* The native picker is hidden: its button would speak the browser's language, not Russian. */}
        <Input
          ref={input}
          type="file"
          accept=".xml,application/xml,text/xml"
          aria-label="Файл МЧД (XML)"
          onChange={(e) => choose(e.currentTarget.files?.[0] ?? null)}
          position="absolute"
          opacity={0}
          w="1px"
          h="1px"
          p="0"
          overflow="hidden"
          tabIndex={-1}
        />
        <Button size="sm" variant="outline" onClick={() => input.current?.click()}>
          Выбрать файл XML
        </Button>
        {file && (
          <Text fontSize="sm" flex="1" minW="0" truncate title={file.name}>
            {file.name}
          </Text>
        )}
        <Button size="sm" onClick={send} loading={upload.isPending} ms="auto">
          {attorney ? 'Заменить МЧД' : 'Загрузить МЧД'}
        </Button>
      </HStack>
      {problem && (
        <Text color="red.600" fontSize="sm" role="alert">
          {problem}
        </Text>
      )}
      <Box>
        <Checkbox.Root checked={withoutAttorney} onCheckedChange={(e) => onWithoutAttorneyChange(e.checked === true)} size="sm">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Подписываю от имени организации без МЧД</Checkbox.Label>
        </Checkbox.Root>
      </Box>
    </Stack>
  );
}
