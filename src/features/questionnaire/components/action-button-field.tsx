import { Button } from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import type { FieldDef } from '../model/definition';
import { InfoDialog } from './info-dialog-lazy';

/** SPEC §5 "actionButton": a button named by the field that opens its description in a dialog. */
export function ActionButtonField({ field }: { field: FieldDef }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" alignSelf="start" onClick={() => setOpen(true)}>
        {field.name}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <InfoDialog open onClose={() => setOpen(false)} title={field.name} html={field.description ?? field.defaultValue ?? ''} />
        </Suspense>
      )}
    </>
  );
}
