import { Alert, Badge, Box, Button, Field, HStack, RadioGroup, SimpleGrid, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError, notifySuccess } from '@/components/toaster';
import { canSignDiagnostics } from '../can-sign';
import { certificateState, formatCertDate, readableName, textToBase64 } from '../certificate-info';
import type { CertificateInfo, ProviderStatus, SigningProvider } from '@/lib/signing-provider';

const diagnosticsKeys = {
  status: (mode: string) => ['diagnostics', 'status', mode] as const,
  certificates: (mode: string) => ['diagnostics', 'certificates', mode] as const,
};

type Dot = 'ok' | 'fail' | 'wait';

function StatusDot({ state, label, value }: { state: Dot; label: string; value?: string }) {
  const color = state === 'ok' ? 'green.500' : state === 'fail' ? 'red.500' : 'gray.400';
  const word = state === 'ok' ? 'да' : state === 'fail' ? 'нет' : 'проверяется';
  return (
    <HStack as="li" gap="3" py="1" data-testid="status-dot" data-state={state}>
      <Box w="3" h="3" borderRadius="full" bg={color} flexShrink={0} aria-hidden="true" />
      {/* Words keep their width (the theme's overflow-wrap: anywhere let the answer squeeze «Криптопровайд|ер»): a
          word breaks only with a hyphen where the browser can hyphenate Russian; the answer wraps instead (issue 50). */}
      <Text flex="1" overflowWrap="break-word" hyphens="auto">
        {label}
      </Text>
      <Text fontWeight="semibold" color={state === 'fail' ? 'red.600' : 'fg'} overflowWrap="break-word" textAlign="end">
        {value ?? word}
      </Text>
    </HStack>
  );
}

function dots(status: ProviderStatus | undefined, pending: boolean): { label: string; state: Dot; value?: string }[] {
  const s = status;
  const state = (ok: boolean | undefined): Dot => (pending || !s ? 'wait' : ok ? 'ok' : 'fail');
  return [
    { label: 'Плагин загружен', state: state(s?.pluginLoaded) },
    { label: 'Плагин работает', state: state(s?.pluginWorks) },
    { label: 'Криптопровайдер загружен', state: state(s?.cspLoaded), value: s?.cspLoaded && s.cspVersion ? `да, версия ${s.cspVersion}` : undefined },
    { label: 'Перечисление объектов плагина завершено', state: state(s?.enumerated) },
    { label: 'Версия плагина', state: state(!!s?.pluginVersion), value: s?.pluginVersion ?? (pending ? undefined : 'не определена') },
  ];
}

/** SPEC §2 "Diagnostics (/diagnostics)": plug-in checks, certificates, a test signature of "Hello World". */
export function DiagnosticsPanel({ provider }: { provider: SigningProvider }) {
  const status = useQuery({ queryKey: diagnosticsKeys.status(provider.mode), queryFn: () => provider.status(), retry: false, staleTime: 0, meta: { persist: false } });
  const ready = !!status.data?.enumerated;
  const certificates = useQuery({
    queryKey: diagnosticsKeys.certificates(provider.mode),
    queryFn: () => provider.certificates(),
    enabled: ready,
    retry: false,
    staleTime: 0,
    meta: { persist: false },
  });
  const [now] = useState(() => Date.now());
  const [thumbprint, setThumbprint] = useState<string | null>(null);
  const [data, setData] = useState('Hello World');
  // A signing failure is shown in the panel («Ошибка подписи: …», SPEC §8), not in a toast.
  const sign = useMutation({ meta: { errorShownInPlace: true }, mutationFn: ({ thumbprint: t, text }: { thumbprint: string; text: string }) => provider.sign(t, textToBase64(text)) });
  const list = certificates.data ?? [];
  const chosen = list.find((c) => c.thumbprint === thumbprint) ?? null;
  const allowed = canSignDiagnostics({ certificateChosen: !!chosen, status: status.data, data });

  const copy = async (signature: string) => {
    try {
      await navigator.clipboard.writeText(signature);
      notifySuccess('Подпись скопирована в буфер обмена');
    } catch {
      notifyError('Не удалось скопировать подпись: браузер не дал доступ к буферу обмена');
    }
  };

  return (
    <Stack gap="5" maxW="4xl" pb="8">
      {provider.demoLabel && (
        <Alert.Root status="warning" data-testid="demo-label">
          <Alert.Indicator aria-hidden="true" />
          <Alert.Description fontWeight="semibold">{provider.demoLabel}</Alert.Description>
        </Alert.Root>
      )}

      <Stack gap="2" bg="bg" borderWidth="1px" borderRadius="md" p={{ base: '3', md: '5' }}>
        <HStack justify="space-between" wrap="wrap">
          <Text as="h2" fontWeight="semibold" fontSize="lg">
            Состояние плагина
          </Text>
          <Button size="sm" variant="outline" onClick={() => void status.refetch().then(() => certificates.refetch())} loading={status.isFetching}>
            Проверить снова
          </Button>
        </HStack>
        <Stack as="ul" gap="0" listStyleType="none" aria-label="Проверки плагина">
          {dots(status.data, status.isPending).map((d) => (
            <StatusDot key={d.label} {...d} />
          ))}
        </Stack>
        {status.data?.error && (
          <Text color="red.600" role="alert" data-testid="plugin-error">
            {status.data.error}
          </Text>
        )}
      </Stack>

      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <Stack gap="3" bg="bg" borderWidth="1px" borderRadius="md" p={{ base: '3', md: '5' }}>
          <Text as="h2" fontWeight="semibold" fontSize="lg">
            Сертификаты
          </Text>
          {!ready ? (
            <Text color="fg.muted">{status.isPending ? 'Ожидание проверки плагина…' : 'Нет доступных сертификатов'}</Text>
          ) : certificates.isPending ? (
            <HStack color="fg.muted">
              <Spinner size="sm" /> <Text>Получаем список сертификатов…</Text>
            </HStack>
          ) : certificates.isError ? (
            <Text color="red.600" role="alert">
              Ошибка получения сертификатов: {certificates.error instanceof Error ? certificates.error.message : 'неизвестная ошибка'}
            </Text>
          ) : list.length === 0 ? (
            <Text color="fg.muted" role="status">
              Нет доступных сертификатов
            </Text>
          ) : (
            <>
              {list.every((c) => !certificateState(c, now).usable) && (
                <Text color="red.600" role="alert">
                  Нет доступных сертификатов для подписи.
                </Text>
              )}
              <CertificateRadios certificates={list} value={thumbprint} onChange={setThumbprint} now={now} />
            </>
          )}
        </Stack>

        <Stack gap="3" bg="bg" borderWidth="1px" borderRadius="md" p={{ base: '3', md: '5' }}>
          <Text as="h2" fontWeight="semibold" fontSize="lg">
            Сведения о сертификате
          </Text>
          {chosen ? <CertificateDetails cert={chosen} now={now} /> : <Text color="fg.muted">Выберите сертификат из списка.</Text>}
        </Stack>
      </SimpleGrid>

      <Stack gap="3" bg="bg" borderWidth="1px" borderRadius="md" p={{ base: '3', md: '5' }}>
        <Field.Root invalid={data.length === 0}>
          <Field.Label>Данные для подписи</Field.Label>
          <Textarea value={data} onChange={(e) => setData(e.currentTarget.value)} rows={3} maxLength={100_000} />
          {data.length === 0 && <Field.ErrorText>Введите данные для подписи</Field.ErrorText>}
        </Field.Root>
        <HStack>
          <Button onClick={() => chosen && sign.mutate({ thumbprint: chosen.thumbprint, text: data })} disabled={!allowed} loading={sign.isPending}>
            Подписать
          </Button>
        </HStack>
        {sign.isError && (
          <Text color="red.600" role="alert">
            Ошибка подписи: {sign.error instanceof Error ? sign.error.message : 'неизвестная ошибка'}
          </Text>
        )}
        {sign.isSuccess && (
          <Stack gap="2" borderWidth="1px" borderColor="green.300" bg="green.50" borderRadius="md" p="3" data-testid="signature-box">
            <Text fontWeight="semibold" color="green.700">
              Подпись сформирована успешно:
            </Text>
            <Textarea readOnly value={sign.data} rows={5} fontFamily="mono" fontSize="xs" aria-label="Подпись" bg="bg" />
            <HStack>
              <Button size="sm" variant="outline" onClick={() => void copy(sign.data)}>
                Копировать
              </Button>
            </HStack>
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

function CertificateRadios(props: { certificates: CertificateInfo[]; value: string | null; onChange: (v: string) => void; now: number }) {
  return (
    <RadioGroup.Root value={props.value} onValueChange={(e) => e.value && props.onChange(e.value)} aria-label="Сертификаты">
      <Stack gap="2">
        {props.certificates.map((cert) => {
          const state = certificateState(cert, props.now);
          return (
            <RadioGroup.Item key={cert.thumbprint} value={cert.thumbprint} disabled={!state.usable} alignItems="start" data-testid="certificate">
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator mt="0.5" />
              <RadioGroup.ItemText>
                <Text as="span" display="block" wordBreak="break-word">
                  {cert.name}
                </Text>
                {!state.usable && (
                  <Badge size="sm" colorPalette="red" variant="subtle">
                    {state.text}
                  </Badge>
                )}
              </RadioGroup.ItemText>
            </RadioGroup.Item>
          );
        })}
      </Stack>
    </RadioGroup.Root>
  );
}

function CertificateDetails({ cert, now }: { cert: CertificateInfo; now: number }) {
  const state = certificateState(cert, now);
  const rows: [string, string][] = [
    ['Владелец', readableName(cert.subjectName)],
    ['Издатель', readableName(cert.issuerName)],
    ['Срок действия', `${formatCertDate(cert.validFrom)} – ${formatCertDate(cert.validTo)}`],
    ['Статус', state.text],
  ];
  return (
    <Stack as="dl" gap="2" data-testid="certificate-details">
      {rows.map(([k, v]) => (
        <Box key={k}>
          <Text as="dt" fontSize="sm" color="fg.muted">
            {k}
          </Text>
          <Text as="dd" wordBreak="break-word" color={k === 'Статус' && !state.usable ? 'red.600' : undefined}>
            {v}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}
