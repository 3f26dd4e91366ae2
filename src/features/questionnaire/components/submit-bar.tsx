import { Alert, Box, Button, HStack } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useToastClearance } from '@/components/use-toast-clearance';
import { SUBMIT_COOLDOWN_MS } from '@/lib/limits';
import { submitBannerText, submitLabel, submitOpen } from '../rules/submit';

/**
 * SPEC §2: the submit button (label by mode) is hidden until dateSubmitFrom has passed — a banner says when — and
 * is disabled for 2 seconds after each click. Beside it: save a draft note (new application) or save the point.
 */
export function SubmitBar(props: {
  mode: 'create' | 'point';
  dateSubmitFrom: string | null;
  label: { voteMode: boolean; expert: boolean };
  onSubmit: () => Promise<void>;
  onSave: () => Promise<void>;
}) {
  const [now, setNow] = useState(() => Date.now());
  const [cooling, setCooling] = useState(false);
  const [saving, setSaving] = useState(false);
  const open = submitOpen(props.dateSubmitFrom, now);
  const bar = useRef<HTMLDivElement>(null);
  useToastClearance(bar);
  useEffect(() => {
    if (open || !props.dateSubmitFrom) return;
    // Re-check once a minute so the button appears when sending opens.
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, [open, props.dateSubmitFrom]);
  useEffect(() => {
    if (!cooling) return;
    const timer = setTimeout(() => setCooling(false), SUBMIT_COOLDOWN_MS);
    return () => clearTimeout(timer);
  }, [cooling]);

  return (
    <Box ref={bar} data-testid="submit-bar" position="sticky" bottom="0" zIndex="docked" bg="bg.subtle" py="3" borderTopWidth="1px" borderColor="border">
      {!open && props.dateSubmitFrom && (
        <Alert.Root status="info" mb="3">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{submitBannerText(props.dateSubmitFrom)}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <HStack gap="3" wrap="wrap" justify="flex-end">
        <Button
          variant="outline"
          loading={saving}
          onClick={async () => {
            setSaving(true);
            try {
              await props.onSave();
            } finally {
              setSaving(false);
            }
          }}
        >
          {props.mode === 'create' ? 'Сохранить черновик' : 'Сохранить'}
        </Button>
        {open && (
          <Button
            disabled={cooling}
            onClick={() => {
              setCooling(true);
              void props.onSubmit();
            }}
          >
            {submitLabel(props.label)}
          </Button>
        )}
      </HStack>
    </Box>
  );
}
