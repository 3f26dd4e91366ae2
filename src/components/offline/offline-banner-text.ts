/** The global offline banner's words (offline-banner.tsx; boot-frame.js puts the same strip in a kept picture). */
export const OFFLINE_BANNER_TEXT = 'Нет соединения — изменения сохраняются на устройстве';
