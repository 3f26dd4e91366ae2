import { Alert, Box, Button, Dialog, HStack, List, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { getConfig } from '@/lib/config';
import { errorToastText } from '@/lib/api/errors';
import { notifySuccess } from '@/components/toaster';
import { CheckIcon, CloseIcon } from '@/components/icons';
import { attachmentBase64, pointPdfBase64, signableFiles } from '../api/contents';
import { certificatesQuery, providerStatusQuery } from '../api/provider-queries';
import { saveAttachmentSignature } from '../api/sign-attach';
import { savePointSignature } from '../api/sign-point';
import { commonName } from '../cades/adapter';
import { signingErrorText } from '../cades/errors';
import type { CertificateInfo, SigningProvider } from '@/lib/signing-provider';
import { certificateStatus, validityText } from '../certificate-status';
import { signingProvider } from '../provider';
import { runSigningSequence, type SequenceProgress } from '../sequence';
import { canSignPoint, signDialogProblems } from '../signing-rule';
import { AttorneySection, type AttorneyInfo } from './attorney-section';
import { CertificateList } from './certificate-list';
import { DialogCloseX } from '@/components/dialog-close';
import { DialogFormFooter } from '@/components/form-dialog';

export interface SignErrorDetails {
  owner: string;
  issuer: string;
  validity: string;
  status: string;
  error: string;
}

export interface SignablePoint {
  id: number;
  status: { code1C: string };
  signable?: boolean;
  canSign: boolean;
  attorneyRequired?: boolean;
  attorney?: AttorneyInfo | null;
}

export function useSigningProvider(): SigningProvider {
  return useMemo(() => signingProvider(getConfig().signingMode), []);
}

/** Is the certificate plug-in (or the demo store) ready to sign? (SPEC §4 signing rule, fourth condition.) */
export function usePluginAvailability(provider: SigningProvider) {
  const status = useQuery(providerStatusQuery(provider));
  const s = status.data;
  return { checking: status.isPending, available: !!s && s.pluginLoaded && s.pluginWorks && s.cspLoaded, error: s?.error ?? null };
}

export function DemoLabel({ text }: { text: string }) {
  return (
    <Alert.Root status="warning" size="sm" data-testid="demo-label">
      <Alert.Indicator />
      <Alert.Description fontWeight="semibold">{text}</Alert.Description>
    </Alert.Root>
  );
}

/**
 * "Подписать и отправить" / "Подписать отзыв" with the certificate choice and the signing progress dialogs
 * (SPEC §2, §4 sequence, §8 errors).
 */
export function SignAction(props: {
  point: SignablePoint;
  label: 'Подписать и отправить' | 'Подписать отзыв';
  onSigned: () => void;
  onAttorneyUploaded?: () => void;
  onReportError?: (details: SignErrorDetails) => void;
}) {
  const { point, label, onSigned, onAttorneyUploaded, onReportError } = props;
  const provider = useSigningProvider();
  const plugin = usePluginAvailability(provider);
  const [stage, setStage] = useState<'idle' | 'choose' | 'progress'>('idle');
  const [choice, setChoice] = useState<{ cert: CertificateInfo; withoutAttorney: boolean } | null>(null);
  const allowed = canSignPoint(point, plugin.available);

  return (
    <>
      <Stack gap="1">
        <Button colorPalette="brand" onClick={() => setStage('choose')} disabled={!allowed} loading={plugin.checking}>
          {label}
        </Button>
        {!plugin.checking && !plugin.available && (
          <Text fontSize="xs" color="red.600" maxW="md" role="alert">
            {plugin.error ?? 'Плагин для работы с электронной подписью недоступен'}
          </Text>
        )}
      </Stack>
      {stage === 'choose' && (
        <CertificateDialog
          provider={provider}
          point={point}
          onClose={() => setStage('idle')}
          onAttorneyUploaded={onAttorneyUploaded}
          onConfirm={(cert, withoutAttorney) => {
            setChoice({ cert, withoutAttorney });
            setStage('progress');
          }}
        />
      )}
      {stage === 'progress' && choice && (
        <ProgressDialog
          provider={provider}
          pointId={point.id}
          cert={choice.cert}
          withoutAttorney={choice.withoutAttorney}
          onClose={() => setStage('idle')}
          onDone={() => {
            setStage('idle');
            notifySuccess('Анкетные данные успешно подписаны');
            onSigned();
          }}
          onRetry={() => setStage('choose')}
          onReportError={
            onReportError
              ? (details) => {
                  // The feedback form opens on its own, not on top of the progress dialog.
                  setStage('idle');
                  onReportError(details);
                }
              : undefined
          }
        />
      )}
    </>
  );
}

function CertificateDialog(props: {
  provider: SigningProvider;
  point: SignablePoint;
  onClose: () => void;
  onConfirm: (cert: CertificateInfo, withoutAttorney: boolean) => void;
  onAttorneyUploaded?: () => void;
}) {
  const { provider, point, onClose, onConfirm, onAttorneyUploaded } = props;
  const certificates = useQuery(certificatesQuery(provider));
  const [now] = useState(() => Date.now());
  const [thumbprint, setThumbprint] = useState<string | null>(null);
  const [attorney, setAttorney] = useState<AttorneyInfo | null>(point.attorney ?? null);
  const [withoutAttorney, setWithoutAttorney] = useState(false);
  const [tried, setTried] = useState(false);
  const list = certificates.data ?? [];
  const usable = list.filter((c) => certificateStatus(c, now).selectable);
  const problems = signDialogProblems({
    certificateChosen: !!thumbprint,
    attorneyRequired: point.attorneyRequired === true,
    attorneyLoaded: !!attorney,
    withoutAttorney,
  });

  const submit = () => {
    setTried(true);
    const cert = list.find((c) => c.thumbprint === thumbprint);
    if (problems.length || !cert) return;
    onConfirm(cert, withoutAttorney);
  };

  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} placement="center" size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3">
            <Dialog.Header>
              <Dialog.Title>Выбор сертификата</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {provider.demoLabel && <DemoLabel text={provider.demoLabel} />}
                {certificates.isPending ? (
                  <HStack gap="2" color="fg.muted">
                    <Spinner size="sm" /> <Text>Получаем список сертификатов…</Text>
                  </HStack>
                ) : certificates.isError ? (
                  <Text color="red.600" role="alert">
                    Ошибка получения сертификатов: {signingErrorText(certificates.error)}
                  </Text>
                ) : list.length === 0 ? (
                  <Text color="red.600" role="alert">
                    Сертификаты не найдены.
                  </Text>
                ) : (
                  <>
                    {usable.length === 0 && (
                      <Text color="red.600" role="alert">
                        Нет доступных сертификатов для подписи.
                      </Text>
                    )}
                    <CertificateList certificates={list} value={thumbprint} onChange={setThumbprint} now={now} invalid={tried && !thumbprint} />
                  </>
                )}
                {point.attorneyRequired && (
                  <AttorneySection
                    pointId={point.id}
                    attorney={attorney}
                    onUploaded={(a) => {
                      setAttorney(a);
                      onAttorneyUploaded?.();
                    }}
                    withoutAttorney={withoutAttorney}
                    onWithoutAttorneyChange={setWithoutAttorney}
                  />
                )}
                {tried && problems.length > 0 && (
                  <Stack gap="1" role="alert">
                    {problems.map((p) => (
                      <Text key={p} color="red.600" fontSize="sm">
                        {p}
                      </Text>
                    ))}
                  </Stack>
                )}
              </Stack>
            </Dialog.Body>
            <DialogFormFooter onCancel={onClose} actionLabel="Подписать" onAction={submit} actionDisabled={certificates.isPending} />
            <DialogCloseX />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function ProgressDialog(props: {
  provider: SigningProvider;
  pointId: number;
  cert: CertificateInfo;
  withoutAttorney: boolean;
  onClose: () => void;
  onDone: () => void;
  onRetry: () => void;
  onReportError?: (details: SignErrorDetails) => void;
}) {
  const { provider, pointId, cert, withoutAttorney, onClose, onDone, onRetry, onReportError } = props;
  const [progress, setProgress] = useState<SequenceProgress | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Runs once per dialog: the ref survives a development double effect, so nothing is signed twice.
    if (started.current) return;
    started.current = true;
    void (async () => {
      let files: { id: number; name: string }[];
      try {
        files = await signableFiles(pointId);
      } catch (error) {
        setListError(`Не удалось получить список файлов для подписи. ${errorToastText(error, '')}`.trim());
        return;
      }
      const result = await runSigningSequence(
        {
          files,
          fileBase64: attachmentBase64,
          pdfBase64: () => pointPdfBase64(pointId),
          sign: (content) => provider.sign(cert.thumbprint, content),
          saveFileSignature: async (id, signature) => void (await saveAttachmentSignature(id, signature, withoutAttorney)),
          savePointSignature: async (signature, pdf) => void (await savePointSignature(pointId, signature, pdf, withoutAttorney)),
        },
        setProgress,
      );
      if (result.outcome === 'done') onDone();
    })();
  }, [pointId, provider, cert.thumbprint, withoutAttorney, onDone]);

  const failed = progress?.outcome === 'failed' || !!listError;
  const running = !failed && progress?.outcome !== 'done';
  const details = (): SignErrorDetails => ({
    owner: cert.subjectName,
    issuer: cert.issuerName,
    validity: validityText(cert),
    status: certificateStatus(cert, Date.now()).text,
    error: [progress?.failure ?? listError ?? '', progress?.serverMessage ?? ''].filter(Boolean).join('. '),
  });

  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && !running && onClose()} placement="center" closeOnInteractOutside={false} size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3">
            <Dialog.Header>
              <Dialog.Title>Подписание</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {provider.demoLabel && <DemoLabel text={provider.demoLabel} />}
                <Text fontSize="sm" color="fg.muted">
                  Сертификат: {commonName(cert.subjectName)}
                </Text>
                {running && (
                  <HStack gap="2" role="status" aria-live="polite">
                    <Spinner size="sm" color="brand.solid" />
                    <Text fontWeight="semibold">{progress?.current ?? 'Подготовка к подписанию…'}</Text>
                  </HStack>
                )}
                {progress?.serverMessage && (
                  <Alert.Root status="error" data-testid="server-message">
                    <Alert.Indicator />
                    <Alert.Description>{progress.serverMessage}</Alert.Description>
                  </Alert.Root>
                )}
                {listError && (
                  <Text color="red.600" role="alert">
                    {listError}
                  </Text>
                )}
                <List.Root gap="2" variant="plain">
                  {(progress?.steps ?? []).map((step) => (
                    <List.Item key={step.key} alignItems="start" data-testid="sign-step" data-state={step.state}>
                      <Box w="5" flexShrink={0} pt="0.5" color={step.state === 'done' ? 'green.600' : step.state === 'error' ? 'red.600' : 'fg.muted'}>
                        {step.state === 'done' ? <CheckIcon size={16} /> : step.state === 'error' ? <CloseIcon size={16} /> : step.state === 'running' ? <Spinner size="xs" /> : '•'}
                      </Box>
                      <Stack gap="0.5">
                        <Text fontSize="sm">{step.label}</Text>
                        {step.error && (
                          <Text fontSize="sm" color="red.600" role="alert">
                            {step.error}
                          </Text>
                        )}
                      </Stack>
                    </List.Item>
                  ))}
                </List.Root>
              </Stack>
            </Dialog.Body>
            {failed && (
              <Dialog.Footer flexWrap="wrap">
                {onReportError && (
                  <Button variant="ghost" onClick={() => onReportError(details())}>
                    Сообщить об ошибке
                  </Button>
                )}
                <Button variant="outline" onClick={onClose}>
                  Закрыть
                </Button>
                <Button onClick={onRetry}>Повторить</Button>
              </Dialog.Footer>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
