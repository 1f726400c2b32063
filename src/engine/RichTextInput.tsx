/**
 * Rich text for `richText` fields: a tiptap editor (one pinned tiptap version; the packaged
 * ra-input-rich-text resolves two side by side here and fails to load) bound to the form with
 * react-admin's useInput. The value is HTML; the toolbar offers what product and brand texts need.
 */
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import Title from '@mui/icons-material/Title';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { Editor } from '@tiptap/react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import { useInput, useTranslate } from 'react-admin';

type Props = { readonly source: string; readonly label: string; readonly disabled?: boolean; readonly isRequired?: boolean };

/** An empty editor holds `<p></p>`: store that as no value, so "required" means something. */
const htmlOf = (editor: Editor): string | null => (editor.isEmpty ? null : editor.getHTML());

const Toolbar = ({ editor }: { readonly editor: Editor }) => {
  const translate = useTranslate();
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
    <ToggleButtonGroup size="small" sx={{ mb: 0.5 }}>
      {buttons.map((b) => (
        <ToggleButton key={b.key} value={b.key} selected={active[b.key]} onClick={b.run}
          aria-label={translate(`entity.rich_text.${b.key}`)} disabled={!editor.isEditable}>
          {b.icon}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
};

export const RichTextInput = ({ source, label, disabled = false, isRequired = false }: Props) => {
  const translate = useTranslate();
  const { field, fieldState, id } = useInput({ source });
  const editor = useEditor({
    extensions: [StarterKit],
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
