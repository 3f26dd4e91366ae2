/** What a toast shows (a subset of Chakra's toast options). */
export interface ToastOptions {
  type: 'success' | 'error' | 'info' | 'warning' | 'loading';
  title: string;
  description?: string;
  closable?: boolean;
  duration?: number;
  /** A button in the toast (e.g. «Отменить» of an undoable removal). */
  action?: { label: string; onClick: () => void };
}
