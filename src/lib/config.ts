/** Runtime configuration read from /config.json before the app renders (DESIGN.md "Runtime configuration"). */
export type SigningMode = 'plugin' | 'demo';

export interface RuntimeConfig {
  apiMain: string;
  apiContest: string;
  apiMessages: string;
  apiSupport: string;
  authorizeUrl: string;
  clientId: string;
  widgetUrl: string;
  messagingProject: string;
  signingMode: SigningMode;
}

const URL_KEYS = ['apiMain', 'apiContest', 'apiMessages', 'apiSupport', 'authorizeUrl', 'widgetUrl'] as const;

export class ConfigError extends Error {}

/** Validates an untrusted JSON value; throws ConfigError with a Russian message naming the bad key. */
export function parseConfig(raw: unknown): RuntimeConfig {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ConfigError('Файл конфигурации должен содержать объект JSON.');
  }
  const obj = raw as Record<string, unknown>;
  for (const key of URL_KEYS) {
    const value = obj[key];
    if (typeof value !== 'string' || !isHttpOrPath(value)) {
      throw new ConfigError(`В конфигурации не задан или неверен адрес «${key}».`);
    }
  }
  for (const key of ['clientId', 'messagingProject'] as const) {
    if (typeof obj[key] !== 'string' || !(obj[key] as string).trim()) {
      throw new ConfigError(`В конфигурации не задано значение «${key}».`);
    }
  }
  const signingMode = obj.signingMode ?? 'plugin';
  if (signingMode !== 'plugin' && signingMode !== 'demo') {
    throw new ConfigError('Параметр «signingMode» может быть только «plugin» или «demo».');
  }
  // Every key is checked above; the API addresses lose a trailing slash (other keys of the file ride along unused).
  return {
    ...(obj as unknown as RuntimeConfig),
    apiMain: trimSlash(obj.apiMain as string),
    apiContest: trimSlash(obj.apiContest as string),
    apiMessages: trimSlash(obj.apiMessages as string),
    apiSupport: trimSlash(obj.apiSupport as string),
    signingMode,
  };
}

function isHttpOrPath(value: string): boolean {
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function trimSlash(value: string): string {
  return value.endsWith('/') ? value.slice(0, -1) : value;
}

let current: RuntimeConfig | null = null;

/** The last config that loaded and validated (DESIGN.md: a last-known-good copy that works offline). */
export const CONFIG_KEEP_KEY = 'cabinet_config';
/** A config request that hangs (a captive portal, a dead proxy) gives way to the kept copy after this long. */
export const CONFIG_TIMEOUT_MS = 4_000;

type KeptStorage = Pick<Storage, 'getItem' | 'setItem'> | null;

function defaultStorage(): KeptStorage {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The kept copy, when there is one and it is still valid (a damaged copy is ignored, never an error). */
export function keptConfig(storage: KeptStorage = defaultStorage()): RuntimeConfig | null {
  try {
    const raw = storage?.getItem(CONFIG_KEEP_KEY);
    return raw ? parseConfig(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

async function fetchConfig(fetchImpl: typeof fetch, timeoutMs: number): Promise<{ config: RuntimeConfig; raw: unknown }> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new ConfigError('Не удалось загрузить файл конфигурации /config.json: сервер не ответил вовремя.'));
    }, timeoutMs);
  });
  const load = async () => {
    let response: Response;
    try {
      response = await fetchImpl('/config.json', { cache: 'no-cache', signal: controller.signal });
    } catch {
      throw new ConfigError('Не удалось загрузить файл конфигурации /config.json: нет соединения с сервером.');
    }
    if (!response.ok) {
      throw new ConfigError(`Не удалось загрузить файл конфигурации /config.json (код ${response.status}).`);
    }
    let raw: unknown;
    try {
      raw = await response.json();
    } catch {
      throw new ConfigError('Файл конфигурации /config.json содержит неверный JSON.');
    }
    return { config: parseConfig(raw), raw };
  };
  try {
    return await Promise.race([load(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads /config.json. Runtime config never stands between a person and their drafts (DESIGN.md "Runtime
 * configuration"): every good copy is kept, and when the file cannot be read (offline, a time-out, a broken deploy)
 * the kept copy is used. Only a device that never loaded a good config sees the start-up error.
 */
export async function loadConfig(
  fetchImpl: typeof fetch = fetch,
  options: { storage?: KeptStorage; timeoutMs?: number } = {},
): Promise<RuntimeConfig> {
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  try {
    const { config, raw } = await fetchConfig(fetchImpl, options.timeoutMs ?? CONFIG_TIMEOUT_MS);
    try {
      storage?.setItem(CONFIG_KEEP_KEY, JSON.stringify(raw));
    } catch {
      // A full storage keeps the older copy: still a good one.
    }
    current = config;
  } catch (error) {
    const kept = keptConfig(storage);
    if (!kept) throw error;
    console.warn('Конфигурация не обновлена, используется сохранённая копия', error);
    current = kept;
  }
  return current;
}

export function setConfig(config: RuntimeConfig): void {
  current = config;
}

export function getConfig(): RuntimeConfig {
  if (!current) throw new ConfigError('Конфигурация ещё не загружена.');
  return current;
}
