/**
 * The player's keyboard shortcuts, while focus is inside the player: Space or K play and pause,
 * the arrows seek 5 s, F full screen, C captions, M mute. Space and Enter on a button are the
 * button's own; with a modifier held, a key is the browser's.
 */
export type PlayerAction = 'toggle-play' | 'back' | 'forward' | 'fullscreen' | 'captions' | 'mute';

export const SEEK_STEP_SECONDS = 5;

export interface KeyPress {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** The focused element's tag ("BUTTON", "INPUT", …). */
  targetTag?: string;
}

export function playerAction({ key, ctrlKey, metaKey, altKey, targetTag }: KeyPress): PlayerAction | null {
  if (ctrlKey || metaKey || altKey) return null;
  const onButton = targetTag === 'BUTTON' || targetTag === 'A';
  switch (key.length === 1 ? key.toLowerCase() : key) {
    case ' ':
      return onButton ? null : 'toggle-play';
    case 'k':
      return 'toggle-play';
    case 'ArrowLeft':
      return 'back';
    case 'ArrowRight':
      return 'forward';
    case 'f':
      return 'fullscreen';
    case 'c':
      return 'captions';
    case 'm':
      return 'mute';
    default:
      return null;
  }
}
