import { Alert, Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, errorToastText } from '@/lib/api/errors';
import { getConfig } from '@/lib/config';
import { FIRST_DIALOG_DELAY_MS } from '@/lib/limits';
import { getDraftStore, getOfflineDraftStore, onPendingEditsRequested } from '@/lib/offline/draft-store';
import { RejectedEdits, SaveStateIndicator } from '@/components/offline/save-state-views';
import { pluralRu } from '@/lib/plural';
import { notifyError, notifySuccess } from '@/components/toaster';
import { lookupCompany } from '../api/company-lookup';
import { createApplication } from '../api/create-application';
import { questionnaireKeys } from '../api/keys';
import { saveApplicationNote } from '../api/save-note';
import { savePoint, submitPoint } from '../api/save-point';
import { validateValue } from '../api/validate-value';
import { FIELD_TYPE, type AttachedFile, type FormDefinition, type QuestionnaireSource } from '../model/definition';
import { FormStore } from '../model/form-store';
import { buildPayload, initialState, parseSlotKey, slotKey, slotOfServerError, validateAll, validateSlot, type PointValue } from '../model/slots';
import { needsPluginBanner } from '../rules/plugin-banner';
import { exceedsLimit, isEmptyValue } from '../rules/validators';
import { FormContext, type FormContextValue } from './form-context';
import { FormCheck } from './form-progress';
import { InfoDialog, preloadInfoDialog } from './info-dialog-lazy';
import { whenIdle } from '@/lib/idle';
import { firstScreenSections, useProgressiveSections } from './progressive';
import { SectionPlaceholder, SectionView } from './section-view';
import { SubmitBar } from './submit-bar';

const SERVER_CHECK_DELAY_MS = 600;

/**
 * Issue 50: an invalid field drew its focus in the error colour, 1 px inside its 1 px red border — focused and not
 * focused looked alike. Focused, it gets the page's own focus ring (2 px in the focus colour, 2 px off the field) and
 * keeps the red border that says it is invalid. One rule for the form, not a style per field.
 */
const INVALID_FOCUS_RING = {
  '& [aria-invalid="true"]:focus-visible': { outlineWidth: '2px', outlineStyle: 'solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
} as const;

interface FormRootProps {
  def: FormDefinition;
  source: QuestionnaireSource;
  hash: string;
  draft: Record<string, unknown>;
  pointValues: PointValue[] | undefined;
  attachedFiles: AttachedFile[] | undefined;
  canSign: boolean;
  isExpert: boolean;
  onReload: () => Promise<void>;
}

const introKey = (hash: string) => `questionnaire-intro-seen:${hash}`;

/** The first dialog was shown for this draft key (user id + questionnaire), remembered on the device. */
function introSeen(hash: string): boolean {
  try {
    return localStorage.getItem(introKey(hash)) !== null;
  } catch {
    return false;
  }
}

function markIntroSeen(hash: string): void {
  try {
    localStorage.setItem(introKey(hash), '1');
  } catch {
    // Storage refused (private mode): the dialog may show again next time, nothing else breaks.
  }
}

const lastFieldKey = (hash: string) => `questionnaire-last-field:${hash}`;

/** The field last edited in this draft on this device: the form opens there again («continue where you left off»). */
function lastEditedSlot(hash: string): string | null {
  try {
    return localStorage.getItem(lastFieldKey(hash));
  } catch {
    return null;
  }
}

function rememberLastEdited(hash: string, slot: string): void {
  try {
    localStorage.setItem(lastFieldKey(hash), slot);
  } catch {
    // Storage refused: the form opens at its top next time.
  }
}

/** The field a returning visit opens at (none on the first visit of a questionnaire with a first dialog). */
function resumeSlot(hash: string, hasFirstDialog: boolean): string | null {
  if (!hash || (hasFirstDialog && !introSeen(hash))) return null;
  return lastEditedSlot(hash);
}

/** Files of a draft still on the device (kept, uploading or refused). */
function keptFilesOf(hash: string) {
  return (getOfflineDraftStore()?.files?.rows ?? []).filter((row) => row.hash === hash && row.state !== 'cancelled');
}

/** Brings a kept file's row into view at its field or attachment and focuses it. */
function showKeptFile(row: { attachCode: string; place: { kind: string; key?: string } }, renderAll: () => void) {
  renderAll();
  const parsed = row.place.kind === 'slot' && row.place.key ? parseSlotKey(row.place.key) : null;
  const holder = parsed
    ? document.querySelector<HTMLElement>(`[data-slot="${CSS.escape(slotKey(parsed.code, parsed.groupIndex, 0))}"]`)
    : document.querySelector<HTMLElement>(`[data-attachment="${CSS.escape(row.attachCode)}"]`);
  const target = holder?.querySelector<HTMLElement>('[data-testid="kept-file"] button') ?? holder?.querySelector<HTMLElement>('button');
  if (holder) revealField(holder, target ?? holder, 'smooth');
  target?.focus({ preventScroll: true });
}

/** Is the element on the screen clear of what the page's scroll padding keeps free (the sticky submit bar)? */
function inClearView(el: HTMLElement): boolean {
  const box = el.getBoundingClientRect();
  const padding = getComputedStyle(document.documentElement);
  const top = parseFloat(padding.scrollPaddingTop) || 0;
  const bottom = window.innerHeight - (parseFloat(padding.scrollPaddingBottom) || 0);
  return box.top >= top && box.bottom <= bottom;
}

/** Runs once the page's scroll has ended and the frame after it is laid out (a timer where nothing scrolls). */
function afterScroll(run: () => void) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    window.removeEventListener('scrollend', once);
    clearTimeout(timer);
    requestAnimationFrame(() => requestAnimationFrame(run));
  };
  const timer = setTimeout(once, 1_000);
  window.addEventListener('scrollend', once);
}

/**
 * Scrolls a field to the middle of the screen (SPEC §5: the first error field is scrolled to). Groups away from the
 * screen are laid out only when they come near (content-visibility: auto, section-view.tsx): a long scroll ends where
 * their estimated heights put the field, which their real heights moved (issue 50: off the screen, under the submit
 * bar). Where it ended is looked at again and put right, at most twice.
 */
function revealField(holder: HTMLElement, target: HTMLElement, behavior: ScrollBehavior, tries = 2) {
  holder.scrollIntoView({ block: 'center', behavior });
  afterScroll(() => {
    if (tries > 0 && holder.isConnected && !inClearView(target)) revealField(holder, target, 'auto', tries - 1);
  });
}

function focusSlot(slot: string, behavior: ScrollBehavior = 'smooth') {
  const el = document.querySelector<HTMLElement>(`[data-slot="${CSS.escape(slot)}"]`);
  if (!el) return;
  const control = el.querySelector<HTMLElement>('input:not([type="hidden"]):not([tabindex="-1"]), textarea, select, button');
  revealField(el, control ?? el, behavior);
  control?.focus({ preventScroll: true });
}

export function FormRoot(props: FormRootProps) {
  const { def, source } = props;
  const pointId = source.kind === 'point' ? source.pointId : undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [store] = useState(
    () =>
      new FormStore(initialState(def, { pointValues: props.pointValues, attachedFiles: props.attachedFiles, draft: props.draft }), {
        store: getDraftStore(),
        hash: props.hash,
        // A point's files are on the server at once; a new application keeps its uploads in the draft until created.
        attachments: source.kind === 'create',
      }),
  );
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  // Issue 19: the first screen's groups at once, the rest in idle slices; a returning visit renders at once every group
  // up to the field last edited, which it focuses.
  const [initialSections] = useState(() => {
    const resumeAt = resumeSlot(props.hash, !!def.description);
    const code = resumeAt ? parseSlotKey(resumeAt)?.code : undefined;
    const resumeSection = code ? def.sections.findIndex((section) => section.fields.some((f) => f.code === code)) : -1;
    return Math.max(firstScreenSections(def.sections), resumeSection + 1);
  });
  const { shown: shownSections, renderAll } = useProgressiveSections(def.sections.length, initialSections);
  /** Focuses a field, rendering first the groups not rendered yet. */
  const focusField = useCallback(
    (slot: string, behavior?: ScrollBehavior) => {
      renderAll();
      focusSlot(slot, behavior);
    },
    [renderAll],
  );

  const fieldOf = useCallback((slot: string) => {
    const parsed = parseSlotKey(slot);
    const field = parsed ? def.fields.get(parsed.code) : undefined;
    return parsed && field ? { ...parsed, field } : null;
  }, [def]);

  const validateOne = useCallback(
    (slot: string): string | null => {
      const found = fieldOf(slot);
      if (!found) return null;
      const { field, groupIndex, valueIndex } = found;
      if (field.multiValue) {
        const indexes = store.getIndexes(field.code, groupIndex);
        const anyFilled = indexes.some((i) => !isEmptyValue(field.dataType, store.getValue(slotKey(field.code, groupIndex, i))));
        return validateSlot(field, store.getValue(slot), anyFilled ? -1 : indexes.indexOf(valueIndex));
      }
      if (field.dataType === 'file' || field.dataType === 'dropFile') {
        const indexes = store.getIndexes(field.code, groupIndex);
        const first = indexes.map((i) => store.getValue(slotKey(field.code, groupIndex, i))).find((v) => v && typeof v === 'object');
        // A file kept on the device for the field is on its way: not «Заполните поле» (submit waits for it instead).
        if (!first && keptFilesOf(props.hash).some((row) => row.attachCode === field.code && row.state !== 'rejected')) return null;
        return validateSlot(field, first ?? null, 0);
      }
      return validateSlot(field, store.getValue(slot), 0);
    },
    [fieldOf, props.hash, store],
  );

  /** SPEC §5: a per-field server check runs on change; its message appears under the field and clears when valid. */
  const scheduleServerCheck = useCallback(
    (slot: string, code: string, value: string) => {
      const previous = timers.current.get(slot);
      if (previous) clearTimeout(previous);
      timers.current.set(
        slot,
        setTimeout(async () => {
          timers.current.delete(slot);
          const message = await validateValue(code, value);
          if (store.getValue(slot) === value) store.setMeta(slot, { remote: message });
        }, SERVER_CHECK_DELAY_MS),
      );
    },
    [store],
  );

  // Issue 17: the person's latest explicit choice wins over a lookup. Every explicit edit carries the number of the
  // action it belongs to (edits made in one synchronous burst, such as accepting recognition results, share it).
  const action = useRef({ id: 0, open: false });
  const editedIn = useRef(new Map<string, number>());
  const actionId = useCallback(() => {
    if (!action.current.open) {
      action.current.id += 1;
      action.current.open = true;
      queueMicrotask(() => {
        action.current.open = false;
      });
    }
    return action.current.id;
  }, []);
  /** Slots the last ИНН lookup filled, with the value it put there. */
  const lookupFilled = useRef(new Map<string, string>());

  /** Empties what the previous lookup filled and nobody changed since; returns how many fields were emptied. */
  const clearLookupFilled = useCallback(
    (keep: Set<string> = new Set()) => {
      let cleared = 0;
      for (const [slot, value] of lookupFilled.current) {
        if (keep.has(slot)) continue;
        lookupFilled.current.delete(slot);
        if (store.getValue(slot) !== value) continue;
        store.setValue(slot, '');
        store.setMeta(slot, { error: store.touched.has(slot) ? validateOne(slot) : null, remote: null });
        cleared++;
      }
      return cleared;
    },
    [store, validateOne],
  );

  /** SPEC §5: field type 12 looks the organisation up by its identification number and fills fields by paramName. */
  const lookup = useCallback(
    async (slot: string, instance: number, inn: string, startedIn: number) => {
      try {
        const result = await lookupCompany(inn);
        if (store.getValue(slot) !== inn) return;
        const source = fieldOf(slot)?.field;
        let filled = 0;
        let kept = 0;
        const refilled = new Set<string>();
        for (const field of def.fields.values()) {
          if (!field.paramName || field === source || field.readOnly || !(field.paramName in result.values)) continue;
          const section = def.sections.find((s) => s.fields.includes(field));
          const instances = section ? store.getInstances(section.code) : [0];
          const target = slotKey(field.code, instances.includes(instance) ? instance : instances[0] ?? 0, 0);
          // Set by the person in the same action as the ИНН or later (typed, or accepted from a recognised document).
          if ((editedIn.current.get(target) ?? 0) >= startedIn && !isEmptyValue(field.dataType, store.getValue(target))) {
            kept++;
            continue;
          }
          const raw = result.values[field.paramName];
          const value = raw === null || raw === undefined ? '' : String(raw);
          store.setValue(target, value);
          store.setMeta(target, { error: validateOne(target), remote: null });
          lookupFilled.current.set(target, value);
          refilled.add(target);
          filled++;
        }
        clearLookupFilled(refilled);
        const name = result.values.granteeName;
        const found = `Организация найдена${name ? `: ${String(name)}` : ''}.`;
        const text = filled && kept ? `${found} Остальные реквизиты заполнены автоматически, введённые вами не изменены.` : filled ? `${found} Реквизиты заполнены автоматически.` : kept ? `${found} Введённые вами реквизиты не изменены.` : null;
        store.setMeta(slot, { hint: text, warning: false });
      } catch (error) {
        if (store.getValue(slot) !== inn) return;
        // The details of the previous organisation do not stay beside an ИНН they do not belong to.
        const cleared = clearLookupFilled() > 0;
        const manual = cleared ? 'Реквизиты прежней организации очищены — заполните их вручную.' : 'Заполните реквизиты вручную.';
        // A refused ИНН (checksum) is explained by the field's own server check; here only what happened to the details.
        const text = error instanceof ApiError && error.kind === 'not-found' ? `${error.serverMessage ?? 'Организация не найдена'}. ${manual}` : cleared ? manual : null;
        store.setMeta(slot, { hint: text, warning: true });
      }
    },
    [clearLookupFilled, def, fieldOf, store, validateOne],
  );

  const lastEdited = useRef<string | null>(null);
  const onChanged = useCallback(
    (slot: string, value: unknown) => {
      store.setValue(slot, value);
      if (props.hash && lastEdited.current !== slot) {
        lastEdited.current = slot;
        rememberLastEdited(props.hash, slot);
      }
      const editedAction = actionId();
      editedIn.current.set(slot, editedAction);
      lookupFilled.current.delete(slot);
      const found = fieldOf(slot);
      if (!found) return;
      const error = validateOne(slot);
      const text = typeof value === 'string' ? value : '';
      // Errors appear after the first blur (or a submit); once shown they follow every change. A value over its maximum
      // (an amount, a length) cannot come right by typing on: that is said at once.
      if (store.touched.has(slot) || store.getMeta(slot).error || (error && exceedsLimit(found.field.rules, text))) store.setMeta(slot, { error });
      if (found.field.rules.length > 0 && text !== '' && !error && !found.field.synthetic) scheduleServerCheck(slot, found.field.code, text);
      else if (store.getMeta(slot).remote) store.setMeta(slot, { remote: null });
      if (found.field.typeId === FIELD_TYPE.identificationNumber) {
        store.setMeta(slot, { hint: null });
        if (/^\d{10}(\d{2})?$/.test(text)) void lookup(slot, found.groupIndex, text, editedAction);
      }
    },
    [actionId, fieldOf, lookup, props.hash, scheduleServerCheck, store, validateOne],
  );

  // Continue where you left off: a returning visit opens at the field last edited (where the questionnaire has a first
  // dialog, not on the first visit, which belongs to it), unless the person already put the focus somewhere.
  useEffect(() => {
    const slot = resumeSlot(props.hash, !!def.description);
    if (!slot || document.activeElement !== document.body) return;
    focusSlot(slot, 'auto');
    // Once per opening of the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onBlurred = useCallback(
    (slot: string) => {
      store.touched.add(slot);
      store.setMeta(slot, { error: validateOne(slot) });
    },
    [store, validateOne],
  );

  useEffect(() => {
    const flush = () => store.flushDraft();
    const pending = timers.current;
    // A phone switching apps hides the page without pagehide: what was typed goes to the device then too.
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', flush);
    // Back online: hand edits still inside the save delay to the draft store before the reconnect merge runs.
    window.addEventListener('online', flush);
    // Sign-out asks first: an edit typed a moment before it is counted (sent or warned about), never written after the purge.
    const stopHandover = onPendingEditsRequested(flush);
    return () => {
      stopHandover();
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('online', flush);
      flush();
      pending.forEach((t) => clearTimeout(t));
    };
  }, [store]);

  // DESIGN.md "Attachments offline": a kept file the server now lists takes its place in the form (this tab or another
  // uploaded it), in place of its kept copy.
  useEffect(() => {
    const offline = getOfflineDraftStore();
    if (!offline) return;
    return offline.onUploadDone(props.hash, ({ place, attachCode, file }) => {
      if (place.kind === 'slot') {
        const ref = { id: file.id, fileName: file.fileName, isApproved: file.isApproved ?? false, managerComment: file.managerComment ?? null };
        const at = parseSlotKey(place.key);
        if (at) store.placeUploadedFile(at.code, at.groupIndex, at.valueIndex, ref);
        const replaced = place.replaces ? parseSlotKey(place.replaces.key) : null;
        if (replaced && store.getValue(place.replaces!.key)) store.removeIndex(replaced.code, replaced.groupIndex, replaced.valueIndex);
        store.setMeta(slotKey(attachCode, parseSlotKey(place.key)?.groupIndex ?? 0, 0), { error: null });
      } else if (place.kind === 'list' || place.kind === 'server') {
        const current = store.getAttachments(attachCode);
        if (!current.some((f) => f.id === file.id)) store.setAttachments(attachCode, [...current, file as AttachedFile]);
      }
    });
  }, [props.hash, store]);

  // Another tab edited the same draft: keep this form in step (DESIGN.md "All tabs see the same values").
  useEffect(() => {
    const draftStore = getDraftStore();
    if (!draftStore.onRemoteChange) return;
    return draftStore.onRemoteChange(props.hash, ({ changes }) => {
      for (const change of changes) {
        if (change.field.startsWith('@group:')) {
          if (Array.isArray(change.value)) store.replaceInstances(change.field.slice(7), change.value as number[]);
          continue;
        }
        const parsed = parseSlotKey(change.field);
        if (!parsed || !def.fields.has(parsed.code)) continue;
        store.applyRemote(change.field, change.removed ? null : change.value);
      }
    });
  }, [def, props.hash, store]);

  // SPEC §2: the first dialog opens automatically 1.5 s after opening.
  const [introOpen, setIntroOpen] = useState(false);
  // Whether the first dialog is still to come on this visit ('pending'), came ('open') or does not come ('none'):
  // said on the form (data-first-dialog), so a script or a test waiting for a quiet form knows what to expect.
  const [firstDialog, setFirstDialog] = useState<'pending' | 'open' | 'none'>(() => (def.description && !introSeen(props.hash) ? 'pending' : 'none'));
  // The dialog's code (and Chakra's focus trap) loads when it first opens, not with the form (issue 19).
  const [introMounted, setIntroMounted] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const introReturn = useRef<HTMLElement | null>(null);
  // Closing gives the focus back where it was, or to the form's heading when the dialog opened by itself (never <body>).
  const openIntro = useCallback(() => {
    const active = document.activeElement;
    introReturn.current = active instanceof HTMLElement && active !== document.body ? active : headingRef.current;
    setIntroMounted(true);
    setIntroOpen(true);
  }, []);
  // Only on the first visit of this questionnaire by this user on this device: not after each save or reload.
  useEffect(() => {
    if (!def.description || introSeen(props.hash)) return;
    // The dialog's code is fetched when the page is next idle, not inside the form's first commit (issue 19: adding
    // its preload links was ~11 ms of the longest task of START-2026's first screen at full speed).
    const preload = whenIdle(preloadInfoDialog, FIRST_DIALOG_DELAY_MS / 2, 200);
    const timer = setTimeout(() => {
      // Someone already in the form (the focus in a field, a button of it) is not interrupted: the dialog took the focus
      // from under their keys, and the field came back with its text selected (lost keys, and a replaced text before
      // lib/focus-return.ts). It comes by itself on their next visit; «Инструкция по заполнению» shows it now.
      const busy = formRef.current?.contains(document.activeElement);
      if (!busy) {
        markIntroSeen(props.hash);
        openIntro();
      }
      setFirstDialog(busy ? 'none' : 'open');
    }, FIRST_DIALOG_DELAY_MS);
    return () => {
      preload.cancel();
      clearTimeout(timer);
    };
  }, [def.description, openIntro, props.hash]);

  const context = useMemo<FormContextValue>(() => ({ def, store, pointId, hash: props.hash, onChanged, onBlurred }), [def, store, pointId, props.hash, onChanged, onBlurred]);

  /** Whole-form validation (SPEC §5): every error is marked at its field. */
  const markErrors = (required: boolean) => {
    const kept = keptFilesOf(props.hash).filter((row) => row.state !== 'rejected' && row.place.kind === 'slot');
    // A required file field whose file is kept on the device is not empty: submit waits for the upload instead.
    const coveredByKept = (key: string) => {
      const at = parseSlotKey(key);
      return !!at && kept.some((row) => row.place.kind === 'slot' && parseSlotKey(row.place.key)?.code === at.code && parseSlotKey(row.place.key)?.groupIndex === at.groupIndex);
    };
    const errors = validateAll(def, store.state).filter((e) => (required || e.message !== 'Заполните поле') && !coveredByKept(e.key));
    store.clearErrors();
    for (const e of errors) {
      store.touched.add(e.key);
      store.setMeta(e.key, { error: e.message });
    }
    return errors;
  };

  /** Before a submit: every error shown, the first one focused. */
  const checkForm = (required: boolean): boolean => {
    const errors = markErrors(required);
    if (errors.length) {
      const [first] = errors as [{ key: string; message: string }];
      focusField(first.key);
      // One field to fix is named as SPEC §5 names a field of a server error (« в поле {title}»); several are counted.
      const title = errors.length === 1 ? def.fields.get(parseSlotKey(first.key)?.code ?? '')?.name : undefined;
      notifyError(title ? `${first.message} в поле ${title}` : `Проверьте анкету: ${errors.length} ${pluralRu(errors.length, 'поле требует', 'поля требуют', 'полей требуют')} исправления`);
      return false;
    }
    return true;
  };

  /** SPEC §5: server errors carry field, valueIndex and groupIndex; the field is highlighted, the toast says " в поле {title}". */
  const showServerErrors = (error: unknown, payload: ReturnType<typeof buildPayload>, fallback: string) => {
    const fieldErrors = error instanceof ApiError ? error.fieldErrors : [];
    let first: string | null = null;
    for (const fe of fieldErrors) {
      const slot = slotOfServerError(def, payload, fe);
      if (!slot) continue;
      store.setMeta(slot, { error: fe.message });
      first ??= slot;
    }
    notifyError(errorToastText(error, fallback, (code) => def.fields.get(code)?.name));
    if (first) focusField(first);
  };

  const submit = async (kind: 'send' | 'save' | 'note') => {
    store.flushDraft();
    if (!checkForm(kind === 'send')) return;
    // Files still on the device are not part of what the server would save: it waits for them, and says so.
    const waiting = keptFilesOf(props.hash);
    if (waiting.length) {
      const refused = waiting.filter((row) => row.state === 'rejected');
      notifyError(
        refused.length
          ? `Сервер не принял ${refused.length === 1 ? `файл «${refused[0]!.name}»` : `${refused.length} ${pluralRu(refused.length, 'файл', 'файла', 'файлов')}`}: повторите загрузку или удалите ${refused.length === 1 ? 'его' : 'их'}`
          : `${waiting.length === 1 ? `Файл «${waiting[0]!.name}» ещё не загружен` : `${waiting.length} ${pluralRu(waiting.length, 'файл', 'файла', 'файлов')} ещё не загружены`} на сервер: отправка станет доступна после загрузки`,
      );
      showKeptFile(waiting[0]!, renderAll);
      return;
    }
    const payload = buildPayload(def, store.state, { includeAttachments: source.kind === 'create' });
    try {
      if (source.kind === 'create' && kind === 'note') {
        await saveApplicationNote({ code1C: def.code1C, pointCode: def.templatePointCode ?? def.code1C, values: payload.values });
        notifySuccess('Черновик сохранен');
        return;
      }
      if (source.kind === 'create') {
        const result = await createApplication({
          ...(payload.project.name ? { project: { name: payload.project.name, ...(payload.project.description ? { description: payload.project.description } : {}) } } : {}),
          code1C: def.templatePointCode ?? def.code1C,
          templateCode: def.code1C,
          values: payload.values,
        });
        // SPEC §2: after a successful creation the draft store is cleared and the user goes to /tasks/{pointId}.
        await store.clearDraft().catch((e: unknown) => console.warn('draft clear failed', e));
        notifySuccess('Проект успешно создан');
        void queryClient.invalidateQueries({ queryKey: ['tasks'] });
        void queryClient.invalidateQueries({ queryKey: ['competitions'] });
        await navigate({ to: '/tasks/$id', params: { id: String(result.pointId) } });
        return;
      }
      await (kind === 'send' ? submitPoint(source.pointId, payload.values) : savePoint(source.pointId, payload.values));
      // SPEC §2: after saving a point the draft store is cleared and the page reloads.
      await store.clearDraft().catch((e: unknown) => console.warn('draft clear failed', e));
      notifySuccess('Проектная точка успешно сохранена');
      await queryClient.invalidateQueries({ queryKey: questionnaireKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['tasks'] });
      // A point sent on is no longer edited here: its task page shows what happens next (e.g. signing).
      if (kind === 'send') await navigate({ to: '/tasks/$id', params: { id: String(source.pointId) } });
      else await props.onReload();
    } catch (error) {
      showServerErrors(error, payload, kind === 'note' ? 'Не удалось сохранить черновик' : 'Не удалось сохранить анкету');
    }
  };

  const showPluginBanner = needsPluginBanner({
    canSign: props.canSign,
    hasSignableFields: def.hasSignableFields,
    signingMode: getConfig().signingMode,
    pluginPresent: typeof window !== 'undefined' && 'cadesplugin' in window,
  });

  return (
    <FormContext.Provider value={context}>
      <form ref={formRef} noValidate onSubmit={(e) => e.preventDefault()} aria-label={def.pointName} data-first-dialog={firstDialog}>
      <Stack gap="5" css={INVALID_FOCUS_RING}>
        <Box>
          <Heading as="h2" size="lg" ref={headingRef} tabIndex={-1}>
            {def.pointName}
          </Heading>
          <HStack mt="2" gap="3" wrap="wrap" justify="space-between">
            <Stack gap="0.5">
              <Text fontSize="sm">Введенные данные сохраняются автоматически</Text>
              <Text color="fg.muted" fontSize="sm">
                Поля, отмеченные звёздочкой (<Text as="span" color="fg.error">*</Text>), обязательны для заполнения
              </Text>
            </Stack>
            <SaveStateIndicator hash={props.hash} />
          </HStack>
          {def.description && (
            <Button variant="plain" size="sm" px="0" color="brand.fg" onClick={openIntro}>
              Инструкция по заполнению
            </Button>
          )}
          <Box mt="3">
            <FormCheck check={() => markErrors(true)} focus={focusField} />
          </Box>
        </Box>
        <RejectedEdits hash={props.hash} fieldTitle={(key) => def.fields.get(parseSlotKey(key)?.code ?? '')?.name} />
        {showPluginBanner && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Для подписания нужен плагин электронной подписи</Alert.Title>
              <Alert.Description>Установите и настройте КриптоПро ЭЦП Browser plug-in, прежде чем продолжить: часть данных анкеты подписывается электронной подписью.</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {def.sections.map((section, index) =>
          index < shownSections ? <SectionView key={section.code} section={section} /> : <SectionPlaceholder key={section.code} section={section} />,
        )}
        <SubmitBar
          mode={source.kind}
          dateSubmitFrom={def.dateSubmitFrom}
          label={{ voteMode: def.voteMode, expert: props.isExpert }}
          onSubmit={() => submit('send')}
          onSave={() => submit(source.kind === 'create' ? 'note' : 'save')}
        />
      </Stack>
      </form>
      {def.description && introMounted && (
        <Suspense fallback={null}>
          <InfoDialog open={introOpen} onClose={() => setIntroOpen(false)} title={def.pointName} html={def.description} finalFocusEl={() => introReturn.current} />
        </Suspense>
      )}
    </FormContext.Provider>
  );
}
