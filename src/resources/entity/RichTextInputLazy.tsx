/** The rich text editor (tiptap) loads with the first form that needs it, not with the admin. */
import { lazy, Suspense } from 'react';
import type { RichTextInputProps } from 'ra-input-rich-text';
import { Loading } from 'react-admin';

const RichTextInput = lazy(() => import('ra-input-rich-text').then((m) => ({ default: m.RichTextInput })));

export const RichTextInputLazy = (props: RichTextInputProps) => (
  <Suspense fallback={<Loading />}>
    <RichTextInput {...props} />
  </Suspense>
);
