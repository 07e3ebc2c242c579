/**
 * Adding to a course's content: a module (its title), and a lesson (its title, its kind — video,
 * document or text page — and the module it goes in). The titles follow the contract's rule
 * (required, at most 200 characters), checked here before anything is sent.
 */
import { Button, Field, Input, Radio, RadioGroup, Select } from '@fluentui/react-components';
import { useState } from 'react';
import { LESSON_KINDS, createModuleSchema, type CreateLessonRequest, type LessonKindName } from '@contracts/learning';
import type { OutlineModule } from '../lib/content-outline';
import { KIND_NAMES } from '../hooks/use-content-actions';
import { useContentStyles } from './content-styles';

/** The contract's message for a title, or undefined when it is fine. */
const titleProblem = (title: string) => {
  const parsed = createModuleSchema.safeParse({ title });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

export function AddModuleForm({ onAdd }: { onAdd: (title: string) => Promise<boolean> }) {
  const styles = useContentStyles();
  const [title, setTitle] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const problem = tried ? titleProblem(title) : undefined;
  return (
    <form
      className={styles.addRow}
      aria-label="Add a module"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (titleProblem(title) || busy) return;
        // Cleared at once (the next title may be typed while this one is sent), put back if refused.
        const typed = title;
        setBusy(true);
        setTitle('');
        setTried(false);
        void onAdd(typed.trim())
          .then((added) => (added ? undefined : setTitle(typed)))
          .finally(() => setBusy(false));
      }}
    >
      <Field label="New module title" className={styles.grow} validationMessage={problem}>
        <Input value={title} onChange={(_event, data) => setTitle(data.value)} />
      </Field>
      <Button type="submit" disabled={busy}>
        Add module
      </Button>
    </form>
  );
}

const NO_MODULE = '';

export function AddLessonForm({ modules, onAdd }: { modules: OutlineModule[]; onAdd: (body: CreateLessonRequest) => Promise<boolean> }) {
  const styles = useContentStyles();
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState<LessonKindName>('video');
  const [chosenModule, setModule] = useState<string | undefined>(undefined);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const known = modules.filter((m) => !m.pending);
  // Until one is chosen, the last module: lessons are usually added to the module just made.
  const moduleId = chosenModule === NO_MODULE || known.some((m) => m.id === chosenModule) ? chosenModule! : (known[known.length - 1]?.id ?? NO_MODULE);
  const problem = tried ? titleProblem(title) : undefined;
  return (
    <form
      className={styles.addRow}
      aria-label="Add a lesson"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (titleProblem(title) || busy) return;
        const typed = title;
        setBusy(true);
        setTitle('');
        setTried(false);
        void onAdd({ title: typed.trim(), kind, moduleId: moduleId || null, ...(kind === 'text' ? { body: '' } : {}) })
          .then((added) => (added ? undefined : setTitle(typed)))
          .finally(() => setBusy(false));
      }}
    >
      <Field label="New lesson title" className={styles.grow} validationMessage={problem}>
        <Input value={title} onChange={(_event, data) => setTitle(data.value)} />
      </Field>
      <Field label="Kind">
        <RadioGroup layout="horizontal" value={kind} onChange={(_event, data) => setKind(data.value as LessonKindName)}>
          {LESSON_KINDS.map((k) => (
            <Radio key={k} value={k} label={KIND_NAMES[k]} />
          ))}
        </RadioGroup>
      </Field>
      <Field label="In module">
        <Select value={moduleId} onChange={(_event, data) => setModule(data.value)}>
          <option value={NO_MODULE}>No module</option>
          {known.map((m) => (
            <option key={m.id} value={m.id}>
              {m.title}
            </option>
          ))}
        </Select>
      </Field>
      <Button type="submit" appearance="primary" disabled={busy}>
        Add lesson
      </Button>
    </form>
  );
}
