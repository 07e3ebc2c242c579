/**
 * The player's controls: every one a real button (or the seek slider) with its name, in the tab
 * order, with Fluent's visible focus. Speed, quality and captions open menus of radio items.
 */
import { Button, Menu, MenuItemRadio, MenuList, MenuPopover, MenuTrigger, makeStyles, tokens, type MenuProps } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { PLAYBACK_RATES, type PlaybackAnswer } from '@contracts/learning';
import type { QualityLevel } from '../hooks/use-video-source';
import type { VideoState } from '../hooks/use-video-state';
import { SEEK_STEP_SECONDS } from '../lib/player-keys';
import { formatClock, spokenTime } from '../lib/time-format';
import { BackIcon, CaptionsIcon, ForwardIcon, FullScreenIcon, PauseIcon, PlayIcon, QualityIcon, SpeedIcon, VolumeIcon } from './learning-icons';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  seek: { flex: '1 1 10rem', minWidth: '8rem', accentColor: tokens.colorBrandBackground, cursor: 'pointer' },
  time: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', padding: `0 ${tokens.spacingHorizontalS}` },
});

export interface PlayerControlsProps {
  state: VideoState;
  onTogglePlay: () => void;
  onSeek: (seconds: number) => void;
  onToggleMute: () => void;
  onRate: (rate: number) => void;
  captions: PlaybackAnswer['captions'];
  captionLang: string | null;
  onCaptions: (lang: string | null) => void;
  levels: QualityLevel[];
  chosenLevel: number;
  playingLevel: number;
  onLevel: (index: number) => void;
  onToggleFullscreen: () => void;
}

function RadioMenu({
  label,
  name,
  icon,
  value,
  items,
  onChange,
}: {
  label: string;
  name: string;
  icon: ReactElement;
  value: string;
  items: Array<{ value: string; label: string }>;
  onChange: (value: string) => void;
}) {
  const onCheckedValueChange: MenuProps['onCheckedValueChange'] = (_event, data) => {
    const picked = data.checkedItems[0];
    if (picked !== undefined) onChange(picked);
  };
  return (
    <Menu checkedValues={{ [name]: [value] }} onCheckedValueChange={onCheckedValueChange}>
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="subtle" icon={icon} aria-label={label} title={label} />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {items.map((item) => (
            <MenuItemRadio key={item.value} name={name} value={item.value}>
              {item.label}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

const speedLabel = (rate: number) => `${rate}×`;

export function PlayerControls(props: PlayerControlsProps) {
  const styles = useStyles();
  const { state, captions, levels } = props;
  const playLabel = state.paused ? 'Play' : 'Pause';
  const caption = captions.find((c) => c.lang === props.captionLang);
  const playing = levels.find((l) => l.index === props.playingLevel);
  const quality =
    props.chosenLevel < 0 ? `Auto${playing ? ` (${playing.height}p)` : ''}` : `${levels.find((l) => l.index === props.chosenLevel)?.height ?? ''}p`;
  return (
    <div className={styles.bar}>
      <Button
        appearance="subtle"
        icon={state.paused ? <PlayIcon /> : <PauseIcon />}
        aria-label={playLabel}
        title={`${playLabel} (k)`}
        onClick={props.onTogglePlay}
      />
      <Button
        appearance="subtle"
        icon={<BackIcon />}
        aria-label={`Back ${SEEK_STEP_SECONDS} seconds`}
        title={`Back ${SEEK_STEP_SECONDS} seconds (←)`}
        onClick={() => props.onSeek(state.currentTime - SEEK_STEP_SECONDS)}
      />
      <Button
        appearance="subtle"
        icon={<ForwardIcon />}
        aria-label={`Forward ${SEEK_STEP_SECONDS} seconds`}
        title={`Forward ${SEEK_STEP_SECONDS} seconds (→)`}
        onClick={() => props.onSeek(state.currentTime + SEEK_STEP_SECONDS)}
      />
      <input
        type="range"
        className={styles.seek}
        aria-label="Seek"
        min={0}
        max={Math.max(1, Math.floor(state.duration))}
        step={1}
        value={Math.floor(state.currentTime)}
        aria-valuetext={`${spokenTime(state.currentTime)} of ${spokenTime(state.duration)}`}
        onChange={(event) => props.onSeek(Number(event.currentTarget.value))}
      />
      <span className={styles.time} aria-hidden="true">
        {formatClock(state.currentTime)} / {formatClock(state.duration)}
      </span>
      <Button
        appearance="subtle"
        icon={<VolumeIcon muted={state.muted} />}
        aria-label={state.muted ? 'Unmute' : 'Mute'}
        title={`${state.muted ? 'Unmute' : 'Mute'} (m)`}
        onClick={props.onToggleMute}
      />
      {captions.length > 0 ? (
        <RadioMenu
          label={`Captions: ${caption?.label ?? 'Off'}`}
          name="captions"
          icon={<CaptionsIcon />}
          value={props.captionLang ?? 'off'}
          items={[{ value: 'off', label: 'Off' }, ...captions.map((c) => ({ value: c.lang, label: c.label }))]}
          onChange={(value) => props.onCaptions(value === 'off' ? null : value)}
        />
      ) : null}
      <RadioMenu
        label={`Playback speed: ${speedLabel(state.rate)}`}
        name="speed"
        icon={<SpeedIcon />}
        value={String(state.rate)}
        items={PLAYBACK_RATES.map((rate) => ({ value: String(rate), label: rate === 1 ? 'Normal (1×)' : speedLabel(rate) }))}
        onChange={(value) => props.onRate(Number(value))}
      />
      {levels.length > 0 ? (
        <RadioMenu
          label={`Quality: ${quality}`}
          name="quality"
          icon={<QualityIcon />}
          value={String(props.chosenLevel)}
          items={[
            { value: '-1', label: 'Auto' },
            ...[...levels].sort((a, b) => b.height - a.height).map((l) => ({ value: String(l.index), label: `${l.height}p` })),
          ]}
          onChange={(value) => props.onLevel(Number(value))}
        />
      ) : null}
      <Button
        appearance="subtle"
        icon={<FullScreenIcon exit={state.fullscreen} />}
        aria-label={state.fullscreen ? 'Exit full screen' : 'Full screen'}
        title={`${state.fullscreen ? 'Exit full screen' : 'Full screen'} (f)`}
        onClick={props.onToggleFullscreen}
      />
    </div>
  );
}
