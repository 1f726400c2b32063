/**
 * Rich text for `richText` fields: a tiptap editor (one pinned tiptap version; the packaged
 * ra-input-rich-text resolves two side by side here and fails to load) bound to the form with
 * react-admin's useInput. The value is HTML; the toolbar offers what product and brand texts need,
 * and an image button: the picked file passes the upload input's checks (JPG or PNG by content, at
 * most UPLOAD_RULES.maxBytes), is uploaded where image inputs upload (`POST /minio/upload`), and
 * its stored URL is inserted at the cursor.
 */
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import Image from '@mui/icons-material/Image';
import Title from '@mui/icons-material/Title';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { Editor } from '@tiptap/react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useContext, useEffect, useRef, useState } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { UPLOAD_RULES } from '../schema/rules';
import { checkImages, ImageUploaderContext } from './imageChecks';
import { RichTextImage } from './richTextImage';

type Props = { readonly source: string; readonly label: string; readonly disabled?: boolean; readonly isRequired?: boolean };

/** An empty editor holds `<p></p>`: store that as no value, so "required" means something. */
const htmlOf = (editor: Editor): string | null => (editor.isEmpty ? null : editor.getHTML());

/** A refusal or failure of the image button: a translation key and its parameters. */
type Problem = { readonly key: string; readonly args: Record<string, unknown> };

/**
 * The image button's file chooser and upload: one image at a time, checked before sending;
 * what was refused or failed is said under the toolbar.
 */
const useImageUpload = (editor: Editor) => {
  const translate = useTranslate();
  const upload = useContext(ImageUploaderContext);
  const [uploading, setUploading] = useState<string | null>(null);
  const [problems, setProblems] = useState<readonly Problem[]>([]);
  const cancel = useRef<(() => void) | null>(null);
  // An upload still running when the form goes away is cancelled.
  useEffect(() => () => cancel.current?.(), []);

  const choose = async (files: readonly File[]) => {
    if (files.length === 0) return;
    const { accepted, refused } = await checkImages(files, 1);
    setProblems(refused);
    const file = accepted[0];
    if (!file) return;
    const running = upload(file);
    cancel.current = running.cancel;
    setUploading(file.name);
    try {
      const src = await running.done;
      editor.chain().focus().insertImage({ src, alt: file.name.replace(/\.[^.]*$/, '') }).run();
    } catch (error) {
      if ((error as { name?: string }).name !== 'AbortError') {
        const reason = (error as Error).message;
        setProblems([{ key: 'entity.image.upload_failed', args: { name: file.name, reason: translate(reason, { _: reason }) } }]);
      }
    } finally {
      cancel.current = null;
      setUploading(null);
    }
  };
  return { choose, uploading, problems };
};

const Toolbar = ({ editor }: { readonly editor: Editor }) => {
  const translate = useTranslate();
  const picker = useRef<HTMLInputElement>(null);
  const image = useImageUpload(editor);
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'), italic: e.isActive('italic'), heading: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'), ordered: e.isActive('orderedList'),
    }),
  });
  const buttons = [
    { key: 'bold', icon: <FormatBold fontSize="small" />, run: () => editor.chain().focus().toggleBold().run() },
    { key: 'italic', icon: <FormatItalic fontSize="small" />, run: () => editor.chain().focus().toggleItalic().run() },
    { key: 'heading', icon: <Title fontSize="small" />, run: () => editor.chain().focus().toggleHeading({ level: 3 }).run() },
    { key: 'bullet', icon: <FormatListBulleted fontSize="small" />, run: () => editor.chain().focus().toggleBulletList().run() },
    { key: 'ordered', icon: <FormatListNumbered fontSize="small" />, run: () => editor.chain().focus().toggleOrderedList().run() },
  ] as const;
  return (
    <Box sx={{ mb: 0.5 }}>
      <ToggleButtonGroup size="small">
        {buttons.map((b) => (
          <ToggleButton key={b.key} value={b.key} selected={active[b.key]} onClick={b.run}
            aria-label={translate(`entity.rich_text.${b.key}`)} disabled={!editor.isEditable}>
            {b.icon}
          </ToggleButton>
        ))}
        <ToggleButton value="image" selected={false} onClick={() => picker.current?.click()}
          aria-label={translate('entity.rich_text.image')} disabled={!editor.isEditable || image.uploading !== null}>
          <Image fontSize="small" />
        </ToggleButton>
      </ToggleButtonGroup>
      <input
        ref={picker} type="file" hidden accept={UPLOAD_RULES.mimeTypes.join(',')} data-testid="rich-text-image-file"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // The same file may be picked again after a failure.
          event.target.value = '';
          void image.choose(files);
        }}
      />
      {image.uploading !== null && (
        <LinearProgress aria-label={translate('entity.image.uploading', { name: image.uploading })} sx={{ mt: 0.5 }} />
      )}
      {image.problems.length > 0 && (
        <FormHelperText error role="alert">
          {image.problems.map((p) => translate(p.key, p.args)).join(' ')}
        </FormHelperText>
      )}
    </Box>
  );
};

export const RichTextInput = ({ source, label, disabled = false, isRequired = false }: Props) => {
  const translate = useTranslate();
  const { field, fieldState, id } = useInput({ source });
  const editor = useEditor({
    extensions: [StarterKit, RichTextImage],
    content: typeof field.value === 'string' ? field.value : '',
    editable: !disabled,
    immediatelyRender: false,
    onUpdate: ({ editor: e }) => field.onChange(htmlOf(e)),
    onBlur: () => field.onBlur(),
  });
  // A record loaded after the editor started (edit forms) replaces its content once.
  useEffect(() => {
    if (!editor || editor.isFocused) return;
    const value = typeof field.value === 'string' ? field.value : '';
    if (value !== (htmlOf(editor) ?? '')) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, field.value]);

  const error = fieldState.error?.message;
  return (
    <Box sx={{ width: '100%', mb: 2 }}>
      <FormLabel htmlFor={id} required={isRequired} error={Boolean(error)} sx={{ display: 'block', mb: 0.5 }}>
        {translate(label, { _: label })}
      </FormLabel>
      {editor && <Toolbar editor={editor} />}
      <Box
        id={id}
        sx={{
          border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 1, px: 1.5, minHeight: 140,
          '& .ProseMirror': { outline: 'none', minHeight: 120 },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
      {error && <FormHelperText error>{translate(error, { _: error })}</FormHelperText>}
    </Box>
  );
};
