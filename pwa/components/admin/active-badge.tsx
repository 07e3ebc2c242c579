/** Active/Inactive, as the back office shows a course's or a person's `isActive` (back-office spec §4). */
import { Badge } from '@fluentui/react-components';

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge appearance="tint" color={active ? 'success' : 'subtle'}>
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}
