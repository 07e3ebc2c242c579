/**
 * What a learning page shows instead of what the person may not open: not entitled (with the
 * course page, where it can be bought), signed out (with Login), or a lesson that does not exist.
 */
import { MessageBar, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { LEARNING_MESSAGES } from '@contracts/learning';
import { ButtonLink } from '@pwa/components/layout/router-links';

const useStyles = makeStyles({
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalS },
});

export type AccessProblem = 'not-entitled' | 'sign-in' | 'not-found';

export function AccessNotice({ problem, courseId, signedIn }: { problem: AccessProblem; courseId: string; signedIn: boolean }) {
  const styles = useStyles();
  const text = problem === 'not-found' ? LEARNING_MESSAGES.lessonNotFound : problem === 'sign-in' ? LEARNING_MESSAGES.signIn : LEARNING_MESSAGES.notEntitled;
  return (
    <MessageBar intent={problem === 'not-found' ? 'warning' : 'info'} layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{text}</MessageBarTitle>
        <div className={styles.actions}>
          {problem === 'not-found' ? (
            <ButtonLink to={`/learn/${encodeURIComponent(courseId)}`}>Back to the course content</ButtonLink>
          ) : (
            <ButtonLink to={`/courses/${encodeURIComponent(courseId)}`} appearance="primary">
              View the course page
            </ButtonLink>
          )}
          {!signedIn && problem !== 'not-found' ? <ButtonLink to="/login">Login</ButtonLink> : null}
        </div>
      </MessageBarBody>
    </MessageBar>
  );
}
