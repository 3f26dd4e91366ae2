import { Field } from '@chakra-ui/react';

/** Under a text field with a length limit: its error, or else how much of the limit the text (trimmed, as sent) uses. */
export function ErrorOrLength({ error, value, max }: { error: string | null | undefined; value: string; max: number }) {
  if (error) return <Field.ErrorText>{error}</Field.ErrorText>;
  return (
    <Field.HelperText>
      {value.trim().length} / {max}
    </Field.HelperText>
  );
}
