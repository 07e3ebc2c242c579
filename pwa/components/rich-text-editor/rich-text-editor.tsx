/**
 * The back office's rich-text field (TipTap): headings, bold, italic, bullet and numbered lists
 * and links — the tags the server's allow-list keeps (api/lib/sanitize-html.ts sanitizes again on
 * write). A labelled toolbar of toggle buttons (each a tab stop that says whether it is on; not
 * Fluent's Toolbar, whose focus sentinels are focusable elements hidden from assistive technology)
 * above a labelled multi-line text box. Loaded on demand
 * (`lazy-rich-text-editor.tsx`): TipTap is never part of the storefront.
 */
import { Button, Field, Input, ToggleButton, makeStyles, tokens } from '@fluentui/react-components';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useState } from 'react';

export interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  hint?: string;
}

const useStyles = makeStyles({
  wrap: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  label: { fontWeight: tokens.fontWeightSemibold },
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXXS,
    padding: tokens.spacingHorizontalXS,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: `${tokens.borderRadiusMedium} ${tokens.borderRadiusMedium} 0 0`,
  },
  content: {
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: `0 0 ${tokens.borderRadiusMedium} ${tokens.borderRadiusMedium}`,
    backgroundColor: tokens.colorNeutralBackground1,
    '& .tiptap': { minHeight: '16rem', padding: tokens.spacingHorizontalM, outline: 'none' },
    ':focus-within': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  link: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', flexWrap: 'wrap', padding: tokens.spacingVerticalS },
  hint: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

export default function RichTextEditor({ label, value, onChange, hint }: RichTextEditorProps) {
  const styles = useStyles();
  const labelId = useId();
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState('https://');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        codeBlock: false,
        code: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https', 'mailto'] },
      }),
    ],
    content: value,
    editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelId } },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      h2: current?.isActive('heading', { level: 2 }) ?? false,
      h3: current?.isActive('heading', { level: 3 }) ?? false,
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      bullet: current?.isActive('bulletList') ?? false,
      ordered: current?.isActive('orderedList') ?? false,
      link: current?.isActive('link') ?? false,
    }),
  });
  const on = (name: keyof NonNullable<typeof state>) => state?.[name] ?? false;
  const chain = () => editor!.chain().focus();

  const applyLink = () => {
    const url = href.trim();
    if (!url || url === 'https://') chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: url }).run();
    setLinking(false);
  };

  return (
    <div className={styles.wrap}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      {/* A pointer press on a button leaves the focus (and selection) in the text: the next key typed goes there, not to the button. */}
      <div
        role="toolbar"
        aria-label={`${label} formatting`}
        className={styles.toolbar}
        onMouseDown={(event) => ((event.target as HTMLElement).closest('button') ? event.preventDefault() : undefined)}
      >
        <ToggleButton size="small" appearance="subtle" checked={on('h2')} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
          Heading
        </ToggleButton>
        <ToggleButton size="small" appearance="subtle" checked={on('h3')} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
          Subheading
        </ToggleButton>
        <ToggleButton size="small" appearance="subtle" checked={on('bold')} onClick={() => chain().toggleBold().run()}>
          Bold
        </ToggleButton>
        <ToggleButton size="small" appearance="subtle" checked={on('italic')} onClick={() => chain().toggleItalic().run()}>
          Italic
        </ToggleButton>
        <ToggleButton size="small" appearance="subtle" checked={on('bullet')} onClick={() => chain().toggleBulletList().run()}>
          Bullet list
        </ToggleButton>
        <ToggleButton size="small" appearance="subtle" checked={on('ordered')} onClick={() => chain().toggleOrderedList().run()}>
          Numbered list
        </ToggleButton>
        <ToggleButton
          size="small"
          appearance="subtle"
          checked={on('link')}
          onClick={() => {
            setHref((editor?.getAttributes('link').href as string | undefined) ?? 'https://');
            setLinking((open) => !open);
          }}
        >
          Link
        </ToggleButton>
        <Button size="small" appearance="subtle" onClick={() => chain().undo().run()}>
          Undo
        </Button>
        <Button size="small" appearance="subtle" onClick={() => chain().redo().run()}>
          Redo
        </Button>
      </div>
      {linking ? (
        <div className={styles.link}>
          <Field label="Link address">
            <Input
              type="url"
              value={href}
              onChange={(_event, data) => setHref(data.value)}
              onKeyDown={(event) => (event.key === 'Enter' ? (event.preventDefault(), applyLink()) : undefined)}
            />
          </Field>
          <Button appearance="primary" onClick={applyLink}>
            Apply link
          </Button>
          <Button onClick={() => setLinking(false)}>Cancel</Button>
        </div>
      ) : null}
      <EditorContent editor={editor} className={styles.content} />
      {hint ? <span className={styles.hint}>{hint}</span> : null}
    </div>
  );
}
