import { useSyncExternalStore } from 'react';
import type { DraftStore } from '@/lib/offline/draft-store';
import type { AttachedFile } from './definition';
import { attachKey, groupKey, indexKey, slotKey, type FormState } from './slots';

/**
 * Per-slot reactive store of the questionnaire (DESIGN.md budget: a keystroke re-renders only the edited field).
 * Every slot, group and attachment list has its own listeners; components subscribe with useSyncExternalStore to
 * exactly the keys they show. Each edit is written through the draft store (one call per field, coalesced while
 * typing; flushed before submit and when the form closes).
 */
export interface SlotMeta {
  /** Client rule or server error shown under the field. */
  error: string | null;
  /** Message of the per-field server check (value-validate), SPEC §5. */
  remote: string | null;
  /** Neutral hint (e.g. the organisation found by ИНН). */
  hint: string | null;
  /** A hint that warns (details cleared, organisation not found) rather than confirms. */
  warning?: boolean;
}

/** A removed group instance with everything it held. */
export interface RemovedInstance {
  section: string;
  instance: number;
  values: [string, unknown][];
  indexes: [string, number[]][];
}

const EMPTY_META: SlotMeta = { error: null, remote: null, hint: null };
const DRAFT_DELAY_MS = 300;

export class FormStore {
  private listeners = new Map<string, Set<() => void>>();
  private meta = new Map<string, SlotMeta>();
  private pendingDraft = new Map<string, ReturnType<typeof setTimeout>>();
  private pendingValues = new Map<string, unknown>();
  readonly touched = new Set<string>();

  constructor(
    readonly state: FormState,
    private readonly draft: { store: DraftStore; hash: string; attachments: boolean } | null,
  ) {}

  // -------------------------------------------------------------- subscriptions
  subscribe = (key: string, listener: () => void) => {
    let set = this.listeners.get(key);
    if (!set) this.listeners.set(key, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  };

  /** Grows with every change of a value or of the form's shape (not of messages): what derived views recompute on. */
  version = 0;

  private emit(key: string) {
    this.listeners.get(key)?.forEach((l) => l());
    if (key.startsWith('meta:')) return;
    this.version += 1;
    this.listeners.get(CHANGED)?.forEach((l) => l());
  }

  // -------------------------------------------------------------- values
  getValue(key: string): unknown {
    return this.state.values.get(key);
  }

  setValue(key: string, value: unknown, options: { draft?: boolean } = {}) {
    if (Object.is(this.state.values.get(key), value)) return;
    this.state.values.set(key, value);
    this.emit(key);
    if (options.draft !== false) this.writeDraft(key, value);
  }

  // -------------------------------------------------------------- errors
  getMeta(key: string): SlotMeta {
    return this.meta.get(key) ?? EMPTY_META;
  }

  setMeta(key: string, patch: Partial<SlotMeta>) {
    const current = this.getMeta(key);
    const next = { ...current, ...patch };
    if (next.error === current.error && next.remote === current.remote && next.hint === current.hint && next.warning === current.warning) return;
    this.meta.set(key, next);
    this.emit(`meta:${key}`);
  }

  clearErrors() {
    for (const key of [...this.meta.keys()]) this.setMeta(key, { error: null });
  }

  // -------------------------------------------------------------- repeatable groups
  getInstances(section: string): number[] {
    return this.state.groups.get(section) ?? ZERO;
  }

  addInstance(section: string): number {
    const current = this.getInstances(section);
    const next = (current.length ? Math.max(...current) : -1) + 1;
    this.state.groups.set(section, [...current, next]);
    this.emit(`group:${section}`);
    this.writeDraft(groupKey(section), this.state.groups.get(section));
    return next;
  }

  /**
   * SPEC §2: removing a group deletes its fields from the draft store. Returns what was removed, so that «Отменить»
   * can bring the group back with its values (issue 17).
   */
  removeInstance(section: string, instance: number, fieldCodes: string[]): RemovedInstance {
    const current = this.getInstances(section);
    const removed: RemovedInstance = { section, instance, values: [], indexes: [] };
    this.state.groups.set(section, current.filter((i) => i !== instance));
    for (const code of fieldCodes) {
      const indexes = this.state.valueIndexes.get(indexKey(code, instance));
      if (indexes) removed.indexes.push([indexKey(code, instance), indexes]);
      for (const index of new Set([0, ...(indexes ?? [0])])) {
        const key = slotKey(code, instance, index);
        if (this.state.values.has(key)) removed.values.push([key, this.state.values.get(key)]);
        this.state.values.delete(key);
        this.meta.delete(key);
        this.removeDraft(key);
      }
      this.state.valueIndexes.delete(indexKey(code, instance));
    }
    this.emit(`group:${section}`);
    this.writeDraft(groupKey(section), this.state.groups.get(section));
    return removed;
  }

  /** Undoes a removal: the group returns at its place with its values, and the draft store receives them again. */
  restoreInstance(removed: RemovedInstance) {
    const current = this.getInstances(removed.section);
    if (current.includes(removed.instance)) return;
    for (const [key, list] of removed.indexes) this.state.valueIndexes.set(key, list);
    for (const [key, value] of removed.values) {
      this.state.values.set(key, value);
      this.writeDraft(key, value);
    }
    this.state.groups.set(removed.section, [...current, removed.instance].sort((a, b) => a - b));
    this.emit(`group:${removed.section}`);
    this.writeDraft(groupKey(removed.section), this.state.groups.get(removed.section));
  }

  /** The instances of a group as another tab left them. */
  replaceInstances(section: string, instances: number[]) {
    const clean = [...new Set(instances.filter((n) => Number.isInteger(n) && n >= 0))].sort((a, b) => a - b);
    if (!clean.length) return;
    this.state.groups.set(section, clean);
    this.emit(`group:${section}`);
  }

  /** A value written by another tab: shown here without writing it back. */
  applyRemote(key: string, value: unknown) {
    // DESIGN.md "Offline drafts": unsent local edits win. An edit still inside the save delay is one of them.
    if (this.pendingValues.has(key)) return;
    const [code, g, v] = key.split('|');
    const index = Number(v);
    const instance = Number(g);
    if (value === null || value === undefined) {
      this.state.values.delete(key);
      this.emit(key);
      return;
    }
    const indexes = this.state.valueIndexes.get(indexKey(code!, instance));
    if (indexes && !indexes.includes(index)) {
      this.state.valueIndexes.set(indexKey(code!, instance), [...indexes, index].sort((a, b) => a - b));
      this.emit(`idx:${indexKey(code!, instance)}`);
    }
    this.setValue(key, value, { draft: false });
  }

  // -------------------------------------------------------------- multi-value fields
  getIndexes(code: string, instance: number): number[] {
    return this.state.valueIndexes.get(indexKey(code, instance)) ?? ZERO;
  }

  addIndex(code: string, instance: number): number {
    const current = this.getIndexes(code, instance);
    const next = (current.length ? Math.max(...current) : -1) + 1;
    this.state.valueIndexes.set(indexKey(code, instance), [...current, next]);
    this.emit(`idx:${indexKey(code, instance)}`);
    return next;
  }

  /** Adds a value at a new index (an uploaded file) in one step, so no empty slot is ever shown. */
  appendValue(code: string, instance: number, value: unknown): number {
    const current = this.state.valueIndexes.get(indexKey(code, instance)) ?? [];
    const next = (current.length ? Math.max(...current) : -1) + 1;
    const key = slotKey(code, instance, next);
    this.state.values.set(key, value);
    this.state.valueIndexes.set(indexKey(code, instance), [...current, next]);
    this.emit(`idx:${indexKey(code, instance)}`);
    this.writeDraft(key, value);
    return next;
  }

  /**
   * A file the offline layer uploaded takes its value index (DESIGN.md "Attachments offline"): the draft already holds
   * it (the upload wrote it), so nothing is written here.
   */
  placeUploadedFile(code: string, instance: number, index: number, ref: unknown) {
    const key = indexKey(code, instance);
    const list = this.state.valueIndexes.get(key) ?? [];
    if (!list.includes(index)) this.state.valueIndexes.set(key, [...list, index].sort((a, b) => a - b));
    this.state.values.set(slotKey(code, instance, index), ref);
    this.emit(slotKey(code, instance, index));
    this.emit(`idx:${key}`);
  }

  removeIndex(code: string, instance: number, index: number) {
    const list = this.getIndexes(code, instance).filter((i) => i !== index);
    this.state.valueIndexes.set(indexKey(code, instance), list);
    const key = slotKey(code, instance, index);
    this.state.values.delete(key);
    this.meta.delete(key);
    this.emit(`idx:${indexKey(code, instance)}`);
    // A file slot keeps a null marker so a saved file removed here stays removed after a reload.
    if (this.draft) this.writeDraft(key, null);
  }

  // -------------------------------------------------------------- attachments
  getAttachments(code: string): AttachedFile[] {
    return this.state.attachments.get(code) ?? NO_FILES;
  }

  setAttachments(code: string, files: AttachedFile[]) {
    this.state.attachments.set(code, files);
    this.emit(`att:${code}`);
    if (this.draft?.attachments) this.writeDraft(attachKey(code), files);
  }

  // -------------------------------------------------------------- draft
  /** Where this form's draft lives (null for a form without a draft), for the per-field rejected messages. */
  get draftTarget(): { store: DraftStore; hash: string } | null {
    return this.draft ? { store: this.draft.store, hash: this.draft.hash } : null;
  }

  private writeDraft(key: string, value: unknown) {
    if (!this.draft) return;
    const timer = this.pendingDraft.get(key);
    if (timer) clearTimeout(timer);
    // Unsent from the first keystroke: the save state never says "saved" over an edit still in its typing pause.
    if (!this.pendingValues.has(key)) this.draft.store.typing?.(this.draft.hash, key);
    this.pendingValues.set(key, value);
    this.pendingDraft.set(
      key,
      setTimeout(() => this.flushKey(key), DRAFT_DELAY_MS),
    );
  }

  private flushKey(key: string) {
    if (!this.draft) return;
    const timer = this.pendingDraft.get(key);
    if (timer) clearTimeout(timer);
    this.pendingDraft.delete(key);
    if (!this.pendingValues.has(key)) return;
    const value = this.pendingValues.get(key);
    this.pendingValues.delete(key);
    this.draft.store.set(this.draft.hash, key, value ?? null);
  }

  private removeDraft(key: string) {
    if (!this.draft) return;
    const timer = this.pendingDraft.get(key);
    if (timer) clearTimeout(timer);
    this.pendingDraft.delete(key);
    this.pendingValues.delete(key);
    this.draft.store.remove(this.draft.hash, key);
  }

  /** Sends the edits still waiting for their typing pause (before submit, on leaving the page). */
  flushDraft() {
    for (const key of [...this.pendingDraft.keys()]) this.flushKey(key);
  }

  /** After creation or save the draft is cleared (SPEC §2); nothing pending may resurrect it. */
  async clearDraft() {
    for (const timer of this.pendingDraft.values()) clearTimeout(timer);
    this.pendingDraft.clear();
    this.pendingValues.clear();
    if (this.draft) await this.draft.store.clear(this.draft.hash);
  }
}

/** Channel of every value or shape change (the progress of the form listens to it). */
export const CHANGED = '@changed';
const ZERO: number[] = [0];
const NO_FILES: AttachedFile[] = [];

// ------------------------------------------------------------------ hooks

export function useSlotValue(store: FormStore, key: string): unknown {
  return useSyncExternalStore(
    (l) => store.subscribe(key, l),
    () => store.getValue(key),
  );
}

export function useSlotMeta(store: FormStore, key: string): SlotMeta {
  return useSyncExternalStore(
    (l) => store.subscribe(`meta:${key}`, l),
    () => store.getMeta(key),
  );
}

export function useInstances(store: FormStore, section: string): number[] {
  return useSyncExternalStore(
    (l) => store.subscribe(`group:${section}`, l),
    () => store.getInstances(section),
  );
}

export function useIndexes(store: FormStore, code: string, instance: number): number[] {
  return useSyncExternalStore(
    (l) => store.subscribe(`idx:${indexKey(code, instance)}`, l),
    () => store.getIndexes(code, instance),
  );
}

export function useAttachments(store: FormStore, code: string): AttachedFile[] {
  return useSyncExternalStore(
    (l) => store.subscribe(`att:${code}`, l),
    () => store.getAttachments(code),
  );
}
