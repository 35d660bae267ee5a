// While the replay plays, its clock moves every frame, and the slider and the time follow it by writes to the
// elements React rendered, as the map draws (ReplayMap.tsx): a frame pays no render (a render of the timeline
// cost about a millisecond of each frame: bench/README.md, replay). Whenever React does render the timeline,
// it renders the same second from the statechart (`shownSecond`), so its props and the page agree.
import { sliderCSSVars } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import { formatReplayClock, timeAt, type ReplaySpan } from '../../domain/replay-timeline.ts';
import type { ClockStyle } from '../../i18n/clock.ts';
import type { ReplayRef } from './replay-ref.ts';

/** The slider's last value: an empty or instant span still has a slider one second long. */
export const sliderEnd = (span: ReplaySpan): number => Math.max(span.durationS, 1);

/** The whole second the timeline shows: the slider steps by seconds. */
export const shownSecond = (replay: ReplayRef, span: ReplaySpan): number =>
  Math.min(Math.floor(replay.getSnapshot().context.positionS), sliderEnd(span));

export const timelineClock = (span: ReplaySpan, second: number, style: ClockStyle): string =>
  formatReplayClock(timeAt(span, second), style);

export function useTimelineWriter(replay: ReplayRef, span: ReplaySpan, style: ClockStyle) {
  const group = useRef<HTMLDivElement>(null);
  const sliderRoot = useRef<HTMLDivElement>(null);
  const sliderInput = useRef<HTMLInputElement>(null);
  const clock = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const end = sliderEnd(span);
    let written = NaN;
    const write = () => {
      // The exact clock, for whoever reads the page's state (the tests).
      group.current?.setAttribute('data-clock-s', String(replay.getSnapshot().context.positionS));
      const second = shownSecond(replay, span);
      // React puts a controlled input back to its last rendered value after the user moves it; while playing
      // nothing renders, so the next frame puts it where the clock is.
      if (sliderInput.current && sliderInput.current.value !== String(second))
        sliderInput.current.value = String(second);
      if (second === written) return;
      written = second;
      const text = timelineClock(span, second, style);
      sliderInput.current?.setAttribute('aria-valuetext', text);
      sliderRoot.current?.style.setProperty(sliderCSSVars.sliderProgressVar, `${(second / end) * 100}%`);
      // React's own text node, so that its later renders write to the node on the page.
      const textNode = clock.current?.firstChild;
      if (textNode) textNode.nodeValue = text;
    };
    write();
    const subscription = replay.subscribe(write);
    return () => subscription.unsubscribe();
  }, [replay, span, style]);
  return { group, sliderRoot, sliderInput, clock };
}
