/**
 * Which tiers' buyers get a lesson's material (its PDF, a video's transcript): a checkbox per
 * pricing tier of the course; none checked means every tier. Each change is saved at once
 * (PUT /api/lessons/:id { materialTierIds }, null for every tier).
 */
import { Checkbox, Text } from '@fluentui/react-components';
import { useState } from 'react';
import { useCourseTiers } from '../api/get-course-tiers';
import type { OutlineLesson } from '../lib/content-outline';
import { toggledTiers } from '../lib/material-tiers';
import type { ContentActions } from '../hooks/use-content-actions';
import { useContentStyles } from './content-styles';

export function MaterialTiers({ courseId, lesson, actions }: { courseId: string; lesson: OutlineLesson; actions: ContentActions }) {
  const styles = useContentStyles();
  const tiers = useCourseTiers(courseId);
  // What was just clicked, shown until the write has gone (sent, or kept on the device and laid over the outline).
  const [clicked, setClicked] = useState<string[] | null | undefined>(undefined);
  const current = clicked !== undefined ? clicked : lesson.materialTierIds;
  const chosen = current ?? [];
  const legendId = `tiers-${lesson.id}`;
  const what = lesson.kind === 'document' ? 'The PDF' : 'The transcript';
  return (
    <fieldset className={styles.fieldset} aria-describedby={`${legendId}-hint`}>
      <legend id={legendId} className={styles.panelTitle}>
        Material limited to tiers
      </legend>
      <Text id={`${legendId}-hint`} className={styles.meta}>
        {what} comes with the tiers checked here; with none checked, every tier gets it.
      </Text>
      {tiers.isPending ? <Text className={styles.meta}>Loading the pricing tiers...</Text> : null}
      {tiers.data && tiers.data.length === 0 ? <Text className={styles.meta}>This course has no pricing tiers yet.</Text> : null}
      {tiers.data?.map((tier) => (
        <Checkbox
          key={tier.id}
          label={tier.name}
          checked={chosen.includes(tier.id)}
          onChange={(_event, data) => {
            const materialTierIds = toggledTiers(current, tier.id, data.checked === true);
            const said = materialTierIds
              ? `Material of “${lesson.title}” limited to the tiers checked.`
              : `Material of “${lesson.title}” comes with every tier.`;
            setClicked(materialTierIds);
            void actions.updateLesson(lesson, { materialTierIds }, 'Limit material to tiers', said).finally(() => setClicked(undefined));
          }}
        />
      ))}
    </fieldset>
  );
}
