import { Alert, Box, Button, HStack } from '@chakra-ui/react';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useToastClearance } from '@/components/use-toast-clearance';
import { SUBMIT_COOLDOWN_MS } from '@/lib/limits';
import { submitBannerText, submitLabel, submitOpen } from '../rules/submit';

/** Small buttons sharing the row on a phone (narrower padding: both labels fit 343 px), as before from 480 px. */
const PHONE_BUTTON = { size: { base: 'sm', sm: 'md' }, px: { base: '2.5', sm: '4' }, flexGrow: { base: 1, sm: 0 } } as const;

/** Room kept between a field the browser scrolls to and the bar: the focus ring (2 px, 2 px off the field) and air. */
const CLEARANCE_PX = 8;

/**
 * WCAG 2.4.11 (focus not obscured): while the bar is stuck to the bottom of the screen, whatever the browser scrolls
 * into view (a field reached with Tab, the first error of a submit) stops above it, not under it. The page's scroll
 * padding keeps the bar's height, measured when it changes (the banner of a later opening, buttons wrapping).
 */
function useScrollClearance(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const bar = ref.current;
    if (!bar || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const previous = root.style.scrollPaddingBottom;
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize?.[0]?.blockSize ?? bar.getBoundingClientRect().height;
      root.style.scrollPaddingBottom = `${Math.ceil(height) + CLEARANCE_PX}px`;
    });
    observer.observe(bar);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingBottom = previous;
    };
  }, [ref]);
}

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
  useScrollClearance(bar);
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
    <Box ref={bar} data-testid="submit-bar" position="sticky" bottom="0" zIndex="docked" bg="bg.subtle" py={{ base: '2', sm: '3' }} borderTopWidth="1px" borderColor="border">
      {!open && props.dateSubmitFrom && (
        <Alert.Root status="info" mb={{ base: '2', sm: '3' }} size={{ base: 'sm', sm: 'md' }}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{submitBannerText(props.dateSubmitFrom)}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {/* Issue 50: one row of small buttons on a phone (stacked, they took 12 % of the screen); the name stays whole. */}
      <HStack gap={{ base: '2', sm: '3' }} wrap="wrap" justify="flex-end">
        <Button
          variant="outline"
          {...PHONE_BUTTON}
          loading={saving}
          aria-label={props.mode === 'create' ? 'Сохранить черновик' : undefined}
          onClick={async () => {
            setSaving(true);
            try {
              await props.onSave();
            } finally {
              setSaving(false);
            }
          }}
        >
          {props.mode === 'create' ? (
            <>
              Сохранить
              <Box as="span" display={{ base: 'none', sm: 'inline' }}>
                {' '}
                черновик
              </Box>
            </>
          ) : (
            'Сохранить'
          )}
        </Button>
        {open && (
          <Button
            {...PHONE_BUTTON}
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
