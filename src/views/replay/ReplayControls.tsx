// The replay's controls (issue 34 point 2): play and pause, the time slider with the zone entries and exits
// and alerts as ticks (each a button that seeks to it, titled with what happened), the clock, the speed and
// follow mode. Only the timeline renders while playing, a few times a second; the map draws outside React.
import { Button, Dropdown, makeStyles, Option, Slider, Switch, Text, tokens } from '@fluentui/react-components';
import { PauseRegular, PlayRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import { memo, useEffect, useRef } from 'react';
import { formatReplayClock, REPLAY_SPEEDS, secondsIntoSpan, timeAt, type ReplaySpeed } from '../../domain/replay-timeline.ts';
import type { ReplayRef } from './replay-ref.ts';
import { markLabel, REPLAY_MARK_COLOURS } from './replay-marks.ts';
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
  tick: { position: 'absolute', top: 0, width: '4px', height: '14px', marginLeft: '-2px', borderRadius: tokens.borderRadiusSmall, cursor: 'pointer' },
  markList: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, listStyle: 'none', margin: 0, padding: 0 },
  swatch: { display: 'inline-block', width: '8px', height: '8px', borderRadius: tokens.borderRadiusCircular, marginRight: tokens.spacingHorizontalXS },
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
  const end = Math.max(span.durationS, 1);
  const marks = (tracks ?? []).flatMap((track) =>
    track.marks.map((mark) => ({
      ...mark,
      atS: Math.min(end, Math.max(0, secondsIntoSpan(span, mark.at))),
      title: tracks && tracks.length > 1
        ? t('replay.markOf', { label: markLabel(mark, t), time: formatReplayClock(mark.at, clock), tourist: track.touristId })
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
              <Button size="small" appearance="subtle" aria-label={mark.title} onClick={() => replay.send({ type: 'replay.seek', positionS: mark.atS })}>
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

/** The part that follows the clock, the only one rendered each frame: the slider and the time. */
function ReplayTimeline({ replay }: { replay: ReplayRef }) {
  const styles = useStyles();
  const t = useT();
  const clockStyle = useClock();
  // The clock as shown (a few times a second while playing), in the whole seconds the slider steps by.
  const positionS = useSelector(replay, (s) => Math.floor(s.context.shownS));
  const group = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The exact clock, for whoever reads the page's state (the tests), without a render per frame.
    const mark = () => group.current?.setAttribute('data-clock-s', String(replay.getSnapshot().context.positionS));
    mark();
    const subscription = replay.subscribe(mark);
    return () => subscription.unsubscribe();
  }, [replay]);
  const span = useSelector(replay, (s) => s.context.span);
  const end = Math.max(span.durationS, 1);
  const clock = formatReplayClock(timeAt(span, positionS), clockStyle);
  return (
    <div ref={group} className={styles.timeline} role="group" aria-label={t('replay.timeline')}>
      <div className={styles.slider}>
        <Slider
          className={styles.track}
          aria-label={t('replay.time')}
          aria-valuetext={clock}
          min={0}
          max={end}
          step={1}
          value={Math.min(positionS, end)}
          onChange={(_, data) => replay.send({ type: 'replay.seek', positionS: data.value })}
        />
        <ReplayMarks replay={replay} />
      </div>
      <Text aria-label={t('replay.clock')} font="numeric">{clock}</Text>
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
          onOptionSelect={(_, data) => replay.send({ type: 'replay.speed', speed: Number(data.optionValue) as ReplaySpeed })}
        >
          {REPLAY_SPEEDS.map((option) => (
            <Option key={option} value={String(option)} text={times(option)}>{times(option)}</Option>
          ))}
        </Dropdown>
        <Switch label={t('replay.follow')} checked={following} onChange={() => replay.send({ type: 'replay.follow.toggle' })} />
      </div>
    </div>
  );
}
