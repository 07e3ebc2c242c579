/**
 * Text only screen readers get (a live region's announcement, a heading the layout shows in
 * another way): the one style every screen uses for it, in its `makeStyles`.
 */
import type { GriffelStyle } from '@fluentui/react-components';

export const visuallyHidden: GriffelStyle = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
};
