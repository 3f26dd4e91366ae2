import { ApiError } from '@/lib/api/errors';
import { SigningError, signingErrorText } from './cades/errors';

/**
 * SPEC §4 "Signing sequence": every signable attached file is signed in turn ("Подписываем N файл из M"), then the
 * point's form PDF; errors appear per step. Stops at the first failure so nothing is sent half-signed.
 */
export interface SigningFile {
  id: number;
  name: string;
}

export interface SequenceDeps {
  files: SigningFile[];
  fileBase64(id: number): Promise<string>;
  pdfBase64(): Promise<string>;
  sign(contentBase64: string): Promise<string>;
  saveFileSignature(id: number, signature: string): Promise<void>;
  savePointSignature(signature: string, pdfBase64: string): Promise<void>;
}

export type StepState = 'pending' | 'running' | 'done' | 'error';

export interface SequenceStep {
  key: string;
  label: string;
  state: StepState;
  /** Red text under the step (SPEC §8). */
  error?: string;
}

export interface SequenceProgress {
  steps: SequenceStep[];
  /** "Подписываем N файл из M" / "Подписываем анкетные данные" / null when idle or done. */
  current: string | null;
  /** The server's message for the banner (SPEC §8 "plus a banner with the server message"). */
  serverMessage: string | null;
  outcome: 'running' | 'done' | 'failed';
  /** The failure text for the feedback form. */
  failure: string | null;
}

export const PDF_STEP_TEXT = 'Подписываем анкетные данные';
export const fileStepText = (n: number, m: number) => `Подписываем ${n} файл из ${m}`;

function describe(error: unknown, what: 'sign' | 'save' | 'load'): { text: string; server: string | null } {
  if (error instanceof SigningError || what === 'sign') return { text: `Ошибка подписи: ${signingErrorText(error)}`, server: null };
  if (error instanceof ApiError) {
    const fallback = what === 'save' ? 'Не удалось сохранить подпись' : 'Не удалось получить файл для подписи';
    return { text: error.kind === 'network' ? error.message : fallback, server: error.serverMessage };
  }
  return { text: error instanceof Error ? error.message : 'Неизвестная ошибка', server: null };
}

export function initialSteps(files: SigningFile[]): SequenceStep[] {
  return [
    ...files.map((f, i) => ({ key: `file-${f.id}`, label: `Файл ${i + 1} из ${files.length}: ${f.name}`, state: 'pending' as const })),
    { key: 'pdf', label: 'Анкетные данные (PDF)', state: 'pending' },
  ];
}

export async function runSigningSequence(deps: SequenceDeps, onProgress: (progress: SequenceProgress) => void): Promise<SequenceProgress> {
  const steps = initialSteps(deps.files);
  let progress: SequenceProgress = { steps, current: null, serverMessage: null, outcome: 'running', failure: null };
  const emit = (patch: Partial<SequenceProgress>) => {
    progress = { ...progress, ...patch, steps: [...steps] };
    onProgress(progress);
  };
  const stepAt = (i: number, patch: Partial<SequenceStep>) => {
    steps[i] = { ...steps[i]!, ...patch };
  };

  const runStep = async (index: number, text: string, body: () => Promise<void>): Promise<boolean> => {
    stepAt(index, { state: 'running' });
    emit({ current: text });
    try {
      await body();
      stepAt(index, { state: 'done' });
      emit({});
      return true;
    } catch (error) {
      const phase = (error as { phase?: 'sign' | 'save' | 'load' }).phase ?? 'load';
      const { text: message, server } = describe((error as { cause?: unknown }).cause ?? error, phase);
      stepAt(index, { state: 'error', error: message });
      emit({ current: null, outcome: 'failed', serverMessage: server, failure: message });
      return false;
    }
  };

  const phase = async <T>(name: 'sign' | 'save' | 'load', work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (cause) {
      throw Object.assign(new Error('step failed'), { phase: name, cause });
    }
  };

  const total = deps.files.length;
  for (const [i, file] of deps.files.entries()) {
    const ok = await runStep(i, fileStepText(i + 1, total), async () => {
      const content = await phase('load', () => deps.fileBase64(file.id));
      const signature = await phase('sign', () => deps.sign(content));
      await phase('save', () => deps.saveFileSignature(file.id, signature));
    });
    if (!ok) return progress;
  }
  const ok = await runStep(total, PDF_STEP_TEXT, async () => {
    // The PDF is fetched after the files are signed: it is the form data the server will keep.
    const pdf = await phase('load', () => deps.pdfBase64());
    const signature = await phase('sign', () => deps.sign(pdf));
    await phase('save', () => deps.savePointSignature(signature, pdf));
  });
  if (ok) emit({ current: null, outcome: 'done' });
  return progress;
}
