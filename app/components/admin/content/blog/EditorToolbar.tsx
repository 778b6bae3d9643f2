import type { Editor } from "@tiptap/react";
import { useEditorState } from "@tiptap/react";
import {
  AlignCenter,
  AlignLeft,
  AlignRight,
  Bold,
  Heading1,
  Heading2,
  Heading3,
  Highlighter,
  Italic,
  List,
  ListOrdered,
  type LucideIcon,
  Strikethrough,
} from "lucide-react";
import { type KeyboardEvent, useRef, useState } from "react";

interface Control {
  label: string;
  icon: LucideIcon;
  run(editor: Editor): void;
  active(editor: Editor): boolean;
}

const heading = (level: 1 | 2 | 3, icon: LucideIcon): Control => ({
  label: `Heading ${level}`,
  icon,
  run: (e) => e.chain().focus().toggleHeading({ level }).run(),
  active: (e) => e.isActive("heading", { level }),
});

const align = (side: "left" | "center" | "right", icon: LucideIcon): Control => ({
  label: `Align ${side}`,
  icon,
  run: (e) => e.chain().focus().toggleTextAlign(side).run(),
  active: (e) => e.isActive({ textAlign: side }),
});

/** The toolbar's controls, in order; each button's accessible name is its label here. */
const CONTROLS: Control[] = [
  heading(1, Heading1),
  heading(2, Heading2),
  heading(3, Heading3),
  {
    label: "Bold",
    icon: Bold,
    run: (e) => e.chain().focus().toggleBold().run(),
    active: (e) => e.isActive("bold"),
  },
  {
    label: "Italic",
    icon: Italic,
    run: (e) => e.chain().focus().toggleItalic().run(),
    active: (e) => e.isActive("italic"),
  },
  {
    label: "Strikethrough",
    icon: Strikethrough,
    run: (e) => e.chain().focus().toggleStrike().run(),
    active: (e) => e.isActive("strike"),
  },
  align("left", AlignLeft),
  align("center", AlignCenter),
  align("right", AlignRight),
  {
    label: "Bullet list",
    icon: List,
    run: (e) => e.chain().focus().toggleBulletList().run(),
    active: (e) => e.isActive("bulletList"),
  },
  {
    label: "Ordered list",
    icon: ListOrdered,
    run: (e) => e.chain().focus().toggleOrderedList().run(),
    active: (e) => e.isActive("orderedList"),
  },
  {
    label: "Highlight",
    icon: Highlighter,
    run: (e) => e.chain().focus().toggleHighlight().run(),
    active: (e) => e.isActive("highlight"),
  },
];

/**
 * The formatting toolbar: one tab stop, arrow keys (and Home/End) move between its buttons
 * (WAI-ARIA toolbar pattern); each button's aria-pressed shows whether its format is on.
 */
export function EditorToolbar({ editor, label }: { editor: Editor; label: string }) {
  const pressed = useEditorState({
    editor,
    selector: ({ editor: e }) => CONTROLS.map((control) => control.active(e)),
  });
  const [focused, setFocused] = useState(0);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  function onKeyDown(event: KeyboardEvent) {
    const last = CONTROLS.length - 1;
    const next = {
      ArrowRight: focused === last ? 0 : focused + 1,
      ArrowLeft: focused === 0 ? last : focused - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setFocused(next);
    buttons.current[next]?.focus();
  }

  return (
    <div
      role="toolbar"
      aria-label={label}
      onKeyDown={onKeyDown}
      className="flex flex-wrap gap-1 border-b border-border bg-surface-2 p-1.5"
    >
      {CONTROLS.map((control, index) => {
        const Icon = control.icon;
        return (
          <button
            key={control.label}
            ref={(node) => {
              buttons.current[index] = node;
            }}
            type="button"
            aria-label={control.label}
            title={control.label}
            aria-pressed={pressed[index]}
            tabIndex={index === focused ? 0 : -1}
            onFocus={() => setFocused(index)}
            // Keep the editor's selection: the button acts on it without taking focus by mouse.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => control.run(editor)}
            className="inline-flex size-11 items-center justify-center rounded-md text-text hover:bg-bg aria-pressed:bg-brand aria-pressed:text-on-brand"
          >
            <Icon aria-hidden="true" className="size-5" />
          </button>
        );
      })}
    </div>
  );
}
