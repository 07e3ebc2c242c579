import { Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, type ReactNode } from 'react';
import { BRAND_TEAL, PRODUCT_NAME } from '../../components/layout/brand';

const useStyles = makeStyles({
  page: { display: 'flex', justifyContent: 'center', padding: `clamp(2rem, 6vw, 4rem) ${tokens.spacingHorizontalL}` },
  card: { width: '100%', maxWidth: '28rem', padding: tokens.spacingHorizontalXXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  eyebrow: { color: BRAND_TEAL, fontWeight: tokens.fontWeightSemibold, textTransform: 'uppercase', letterSpacing: '0.08em', fontSize: tokens.fontSizeBase200 },
  title: { margin: 0, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600 },
});

/** The centred card of the sign-in and registration screens. */
export function AuthCard({ title, eyebrow, children }: { title: string; eyebrow?: string; children: ReactNode }) {
  const styles = useStyles();
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
  return (
    <div className={styles.page}>
      <Card className={styles.card}>
        {eyebrow ? <Text className={styles.eyebrow}>{eyebrow}</Text> : null}
        <h1 className={styles.title}>{title}</h1>
        {children}
      </Card>
    </div>
  );
}
