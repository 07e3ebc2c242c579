/**
 * The course's "No skipping ahead" (issue 29, point 6): on, a learner's player refuses seeking past
 * the furthest point watched and the server counts only contiguous watching. A Fluent switch
 * (a labelled checkbox with the switch role: Space toggles it), showing the course's setting as
 * the outline holds it; each change goes through the outbox (PUT /api/courses/:id/content-settings),
 * offline it waits on this device, marked "Not synced yet".
 */
import { Badge, Switch, Text } from '@fluentui/react-components';
import { useState } from 'react';
import type { Outline } from '../lib/content-outline';
import type { ContentActions } from '../hooks/use-content-actions';
import { NOT_SYNCED } from './content-marks';
import { useContentStyles } from './content-styles';

export function NoSkippingSwitch({ courseId, outline, actions }: { courseId: string; outline: Outline; actions: ContentActions }) {
  const styles = useContentStyles();
  // What was just switched, shown until the write has gone (sent, or kept on the device and laid over the outline).
  const [switched, setSwitched] = useState<boolean | undefined>(undefined);
  const hintId = `no-skipping-${courseId}-hint`;
  return (
    <div className={styles.panel}>
      <span className={styles.actions}>
        <Switch
          label="No skipping ahead"
          checked={switched ?? !!outline.noSkipping}
          aria-describedby={hintId}
          onChange={(_event, data) => {
            setSwitched(data.checked);
            void actions.setNoSkipping(data.checked).finally(() => setSwitched(undefined));
          }}
        />
        {outline.settingsUnsynced ? <Badge appearance="outline">{NOT_SYNCED}</Badge> : null}
      </span>
      <Text id={hintId} className={styles.meta}>
        Learners cannot seek past the furthest point they have watched in a video, and only continuous watching counts towards their progress.
      </Text>
    </div>
  );
}
