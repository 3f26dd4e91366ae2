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
  return {
    apiMain: trimSlash(obj.apiMain as string),
    apiContest: trimSlash(obj.apiContest as string),
    apiMessages: trimSlash(obj.apiMessages as string),
    apiSupport: trimSlash(obj.apiSupport as string),
    authorizeUrl: obj.authorizeUrl as string,
    clientId: obj.clientId as string,
    widgetUrl: obj.widgetUrl as string,
    messagingProject: obj.messagingProject as string,
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

export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchImpl('/config.json', { cache: 'no-cache' });
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
  current = parseConfig(raw);
  return current;
}

export function setConfig(config: RuntimeConfig): void {
  current = config;
}

export function getConfig(): RuntimeConfig {
  if (!current) throw new ConfigError('Конфигурация ещё не загружена.');
  return current;
}
