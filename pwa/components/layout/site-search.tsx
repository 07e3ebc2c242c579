/**
 * The header's course search (storefront spec §2, §5): blank or whitespace-only input does
 * nothing; anything else goes to /courses?search={term}, URL-encoded.
 */
import { SearchBox, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { searchPath } from './nav-links';

const useStyles = makeStyles({
  form: { display: 'flex', minWidth: 0 },
  box: { width: '100%', maxWidth: 'none' },
  label: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: 0,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
    border: 0,
  },
  hint: { color: tokens.colorNeutralForeground3 },
});

export interface SiteSearchProps {
  className?: string;
  /** Called after a search was started (e.g. to close the mobile menu). */
  onSearched?: () => void;
}

export function SiteSearch({ className, onSearched }: SiteSearchProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  const inputId = useId();
  const [term, setTerm] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const path = searchPath(term);
    if (!path) return;
    navigate(path);
    setTerm('');
    onSearched?.();
  };

  return (
    <form role="search" aria-label="Course search" className={mergeClasses(styles.form, className)} onSubmit={submit}>
      <label htmlFor={inputId} className={styles.label}>
        Search courses
      </label>
      <SearchBox
        id={inputId}
        className={styles.box}
        placeholder="Search courses…"
        value={term}
        onChange={(_, data) => setTerm(data.value)}
        enterKeyHint="search"
        autoComplete="off"
      />
    </form>
  );
}
