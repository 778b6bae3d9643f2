import Highlight from "@tiptap/extension-highlight";
import TextAlign from "@tiptap/extension-text-align";
import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useRef } from "react";
import { EditorToolbar } from "./EditorToolbar";

/**
 * A paragraph's rich-text editor: TipTap in the page (contenteditable, no iframe) with the
 * toolbar of EditorToolbar.tsx. Only the formats the toolbar offers are enabled, so typing shortcuts cannot make
 * markup the server's sanitiser would drop. Its HTML reaches the draft as it is typed (every change,
 * so autosave sees it within its quiet time, not only when the editor loses focus).
 * Written with the public posts' `post-prose` styles, so it reads as it will be published.
 * Loaded lazily: this module and TipTap are in the admin form's chunk only.
 */
export default function RichTextEditor({
  label,
  content,
  onHtml,
}: {
  /** The editor's accessible name, e.g. 'Paragraph 2 content'. */
  label: string;
  content: string;
  /** The editor's HTML after each change ("" when it is empty). */
  onHtml(html: string): void;
}) {
  // The latest handler: the editor is made once, the draft it writes to changes with every render.
  const latest = useRef(onHtml);
  latest.current = onHtml;
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        underline: false,
        link: { openOnClick: false },
      }),
      TextAlign.configure({ types: ["heading", "paragraph"], alignments: ["left", "center", "right"] }),
      Highlight,
    ],
    content,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": label,
        class: "post-prose min-h-40 px-4 py-3 focus-visible:outline-2 focus-visible:outline-brand",
      },
    },
    onUpdate: ({ editor: e }) => latest.current(e.isEmpty ? "" : e.getHTML()),
  });

  return (
    <div className="overflow-hidden rounded-md border border-border bg-bg">
      {editor ? (
        <EditorToolbar editor={editor} label={`${label} formatting`} />
      ) : (
        <div className="h-14 border-b border-border bg-surface-2" />
      )}
      <EditorContent editor={editor} />
    </div>
  );
}
