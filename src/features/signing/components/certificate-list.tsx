import { Badge, Box, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { commonName } from '../cades/adapter';
import type { CertificateInfo } from '@/lib/signing-provider';
import { certificateStatus, validityText } from '../certificate-status';

/**
 * Certificate choice (SPEC §2, §4): expired certificates are shown with "Срок действия истек" and cannot be chosen.
 */
export function CertificateList(props: { certificates: CertificateInfo[]; value: string | null; onChange: (thumbprint: string) => void; now: number; invalid?: boolean }) {
  const { certificates, value, onChange, now, invalid } = props;
  return (
    <RadioGroup.Root value={value} onValueChange={(e) => e.value && onChange(e.value)} aria-label="Сертификаты" aria-invalid={invalid || undefined}>
      <Stack gap="2">
        {certificates.map((cert) => {
          const status = certificateStatus(cert, now);
          return (
            <RadioGroup.Item
              key={cert.thumbprint}
              value={cert.thumbprint}
              disabled={!status.selectable}
              alignItems="start"
              borderWidth="1px"
              borderRadius="md"
              p="3"
              borderColor={value === cert.thumbprint ? 'brand.solid' : 'border'}
              opacity={status.selectable ? 1 : 0.7}
              data-testid="certificate"
            >
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator mt="0.5" />
              <RadioGroup.ItemText flex="1" minW="0">
                <Stack gap="0.5">
                  <Text fontWeight="semibold" wordBreak="break-word">
                    {cert.name}
                  </Text>
                  <Text fontSize="xs" color="fg.muted" wordBreak="break-word">
                    Издатель: {commonName(cert.issuerName)}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    Действует: {validityText(cert)}
                  </Text>
                  <Box>
                    <Badge size="sm" colorPalette={status.selectable ? 'green' : 'red'} variant="subtle">
                      {status.text}
                    </Badge>
                  </Box>
                </Stack>
              </RadioGroup.ItemText>
            </RadioGroup.Item>
          );
        })}
      </Stack>
    </RadioGroup.Root>
  );
}
