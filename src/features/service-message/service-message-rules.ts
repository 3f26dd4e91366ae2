/** SPEC §5 "Service message": the message is required ("Введите сообщение"). */
export const MESSAGE_REQUIRED = 'Введите сообщение';
/** A banner is one or two lines of text; a longer one is refused before it reaches the server. */
export const SERVICE_MESSAGE_MAX = 1000;

export interface ServiceMessageValues {
  /** SPEC §9: switch 1 shown, 0 hidden. */
  switch: 0 | 1;
  message: string;
}

/** The banner shows only a switched-on, non-empty message (SPEC §2 shell banner). */
export const bannerText = (data: { switch: number | string; message?: string | null } | undefined): string | null =>
  data && Number(data.switch) === 1 && data.message?.trim() ? data.message.trim() : null;

/** The message a person hid on this device: hidden until the administrator saves a different one. */
export const HIDDEN_KEY = 'service_message_hidden';

export function hiddenBannerText(storage: Storage = localStorage): string | null {
  try {
    return storage.getItem(HIDDEN_KEY);
  } catch {
    return null;
  }
}

export function hideBannerText(text: string, storage: Storage = localStorage): void {
  try {
    storage.setItem(HIDDEN_KEY, text);
  } catch {
    // Storage refused (private mode, quota): the banner is hidden for this page only.
  }
}
