// The replay's controls (issue 34 point 2): play and pause, the time slider with the zone entries and exits
// and alerts as ticks (each a button that seeks to it, titled with what happened), the clock, the speed and
// follow mode. Nothing renders while playing: the timeline and the map follow the clock outside React.
import { Button, Dropdown, makeStyles, Option, Slider, Switch, Text, tokens } from '@fluentui/react-components';
import { PauseRegular, PlayRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import { memo } from 'react';
import {
  formatReplayClock,
  REPLAY_SPEEDS,
  secondsIntoSpan,
  type ReplaySpan,
  type ReplaySpeed,
} from '../../domain/replay-timeline.ts';
import type { ReplayRef } from './replay-ref.ts';
import { markLabel, REPLAY_MARK_COLOURS } from './replay-marks.ts';
import { shownSecond, sliderEnd, timelineClock, useTimelineWriter } from './useTimelineWriter.ts';
import { useClock } from '../i18n/clock-context.ts';
import { useT } from '../../i18n/useT.ts';

/** A speed as the dropdown shows it: `10×`. */
const times = (speed: number) => `${speed}×`;

const useStyles = makeStyles({
  controls: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  slider: { flexGrow: 1, minWidth: '240px', display: 'flex', flexDirection: 'column' },
  // The slider's thumb keeps 10 px of track on each side: ticks sit over the same stretch.
  ticks: { position: 'relative', height: '14px', marginLeft: '10px', marginRight: '10px' },
  tick: {
    position: 'absolute',
    top: 0,
    width: '4px',
    height: '14px',
    marginLeft: '-2px',
    borderRadius: tokens.borderRadiusSmall,
    cursor: 'pointer',
  },
  markList: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXS,
    listStyle: 'none',
    margin: 0,
    padding: 0,
  },
  swatch: {
    display: 'inline-block',
    width: '8px',
    height: '8px',
    borderRadius: tokens.borderRadiusCircular,
    marginRight: tokens.spacingHorizontalXS,
  },
  timeline: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexGrow: 1 },
  speed: { minWidth: '90px' },
  track: { width: '100%' },
});

/**
 * The marks: ticks under the slider where they happened (each titled, for the pointer), and the same marks as a
 * list of buttons that seek to them (a 4 px tick is no target for a finger or a keyboard, WCAG 2.5.8).
 */
const ReplayMarks = memo(function ReplayMarks({ replay }: { replay: ReplayRef }) {
  const styles = useStyles();
  const t = useT();
  const clock = useClock();
  const span = useSelector(replay, (s) => s.context.span);
  const tracks = useSelector(replay, (s) => s.context.answer?.tracks);
  const end = sliderEnd(span);
  const marks = (tracks ?? []).flatMap((track) =>
    track.marks.map((mark) => ({
      ...mark,
      atS: Math.min(end, Math.max(0, secondsIntoSpan(span, mark.at))),
      title:
        tracks && tracks.length > 1
          ? t('replay.markOf', {
              label: markLabel(mark, t),
              time: formatReplayClock(mark.at, clock),
              tourist: track.touristId,
            })
          : t('replay.mark', { label: markLabel(mark, t), time: formatReplayClock(mark.at, clock) }),
    })),
  );
  return (
    <>
      <div className={styles.ticks} aria-hidden="true">
        {marks.map((mark, index) => (
          <span
            key={`${mark.at}-${index}`}
            className={styles.tick}
            style={{ left: `${(mark.atS / end) * 100}%`, backgroundColor: REPLAY_MARK_COLOURS[mark.kind] }}
            title={mark.title}
            onClick={() => replay.send({ type: 'replay.seek', positionS: mark.atS })}
          />
        ))}
      </div>
      {marks.length > 0 && (
        <ul className={styles.markList} aria-label={t('replay.marks')}>
          {marks.map((mark, index) => (
            <li key={`${mark.at}-${index}`}>
              <Button
                size="small"
                appearance="subtle"
                aria-label={mark.title}
                onClick={() => replay.send({ type: 'replay.seek', positionS: mark.atS })}
              >
                <span className={styles.swatch} style={{ backgroundColor: REPLAY_MARK_COLOURS[mark.kind] }} />
                {mark.title}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
});

/**
 * The slider steps by whole seconds (a range input's own step: Fluent's `step` would draw a mark per second, which
 * over a long span covers the whole rail). Its last step is the span's very end: End, then Play, plays it again.
 */
const toSpan = (second: number, span: ReplaySpan) => (second >= Math.floor(span.durationS) ? span.durationS : second);

/** The part that follows the clock: the slider and the time, written each frame outside React (useTimelineWriter). */
function ReplayTimeline({ replay }: { replay: ReplayRef }) {
  const styles = useStyles();
  const t = useT();
  const clockStyle = useClock();
  const span = useSelector(replay, (s) => s.context.span);
  const { group, sliderRoot, sliderInput, clock } = useTimelineWriter(replay, span, clockStyle);
  // A render for each move of the clock while not playing (a seek, a pause): React puts a controlled input back
  // to the value it last rendered after each change the user makes, so that value must be the new one.
  useSelector(replay, (s) => (s.hasTag('playing') ? undefined : s.context.positionS));
  const second = shownSecond(replay, span);
  const text = timelineClock(span, second, clockStyle);
  return (
    <div ref={group} className={styles.timeline} role="group" aria-label={t('replay.timeline')}>
      <div className={styles.slider}>
        <Slider
          ref={sliderInput}
          root={{ ref: sliderRoot }}
          className={styles.track}
          aria-label={t('replay.time')}
          aria-valuetext={text}
          min={0}
          max={sliderEnd(span)}
          value={second}
          onChange={(_, data) => replay.send({ type: 'replay.seek', positionS: toSpan(data.value, span) })}
        />
        <ReplayMarks replay={replay} />
      </div>
      <Text ref={clock} aria-label={t('replay.clock')} font="numeric">
        {text}
      </Text>
    </div>
  );
}

export function ReplayControls({ replay }: { replay: ReplayRef }) {
  const styles = useStyles();
  const t = useT();
  const speed = useSelector(replay, (s) => s.context.speed);
  const playing = useSelector(replay, (s) => s.hasTag('playing'));
  const following = useSelector(replay, (s) => s.hasTag('following'));
  return (
    <div className={styles.controls} role="group" aria-label={t('replay.controls')}>
      <div className={styles.row}>
        <Button
          appearance="primary"
          icon={playing ? <PauseRegular /> : <PlayRegular />}
          onClick={() => replay.send({ type: playing ? 'replay.pause' : 'replay.play' })}
        >
          {playing ? t('replay.pause') : t('replay.play')}
        </Button>
        <ReplayTimeline replay={replay} />
      </div>
      <div className={styles.row}>
        <Dropdown
          className={styles.speed}
          aria-label={t('replay.speed')}
          value={times(speed)}
          selectedOptions={[String(speed)]}
          onOptionSelect={(_, data) =>
            replay.send({ type: 'replay.speed', speed: Number(data.optionValue) as ReplaySpeed })
          }
        >
          {REPLAY_SPEEDS.map((option) => (
            <Option key={option} value={String(option)} text={times(option)}>
              {times(option)}
            </Option>
          ))}
        </Dropdown>
        <Switch
          label={t('replay.follow')}
          checked={following}
          onChange={() => replay.send({ type: 'replay.follow.toggle' })}
        />
      </div>
    </div>
  );
}
