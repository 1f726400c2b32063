/**
 * The rich text editor's image: a block `<img src alt>` node, what the toolbar's image button
 * inserts after uploading a picked file. Our own small node rather than @tiptap/extension-image:
 * it needs only `src` and `alt`, and the server keeps exactly those (server/crud/rich-text.ts).
 */
import { mergeAttributes, Node } from '@tiptap/core';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    richTextImage: {
      /** Inserts an image at the selection. */
      insertImage: (attributes: { src: string; alt?: string | null }) => ReturnType;
    };
  }
}

export const RichTextImage = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, alt: { default: null } };
  },
  parseHTML() {
    return [{ tag: 'img[src]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['img', mergeAttributes(HTMLAttributes)];
  },
  addCommands() {
    return {
      insertImage: (attributes) => ({ commands }) => commands.insertContent({ type: this.name, attrs: attributes }),
    };
  },
});
