import { keepCaretOnFocusReturn } from './focus-return';

// Imported once the first screen is drawn (app.tsx): from then on, a field a dialog gives the focus back to keeps its caret.
keepCaretOnFocusReturn();
