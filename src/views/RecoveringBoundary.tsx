// Keeps the signed-in console up through a render error. A blank page hides every panic, so an error in
// any view starts the views and their statecharts afresh (the stream reconnects and the incidents load
// again) and says so; only errors that come back again and again stop it, with a way to reload the page.
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react';
import { endFirstPaint } from '../first-paint/handover.ts';
import type { MessageId } from '../i18n/catalogue.ts';
import { useT } from '../i18n/useT.ts';

/** A class cannot call hooks: its words come through this. */
function Say({ id }: { id: MessageId }) {
  return useT()(id);
}

/** Restarts within this window count together. */
export const RESTART_WINDOW_MS = 60_000;
/** More errors than this within the window stop the restarting: the fault is not passing. */
export const MAX_RESTARTS = 3;

interface Props {
  children: ReactNode;
  now?: () => number;
  reload?: () => void;
}

interface State {
  /** Bumped to mount the views afresh. */
  generation: number;
  failed: boolean;
  restartedAt: number[];
  lastError?: string;
  stopped: boolean;
  noticeDismissed: boolean;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class RecoveringBoundary extends Component<Props, State> {
  state: State = { generation: 0, failed: false, restartedAt: [], stopped: false, noticeDismissed: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, lastError: messageOf(error) };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('The console hit an error and is starting its views again', error, info.componentStack);
    endFirstPaint(); // the error and the console's state are what the operator must see now
    const now = (this.props.now ?? Date.now)();
    this.setState((state) => {
      const recent = [...state.restartedAt.filter((at) => now - at < RESTART_WINDOW_MS), now];
      if (recent.length > MAX_RESTARTS) return { ...state, restartedAt: recent, stopped: true };
      return { ...state, restartedAt: recent, failed: false, generation: state.generation + 1, noticeDismissed: false };
    });
  }

  render() {
    const { generation, failed, lastError, stopped, restartedAt, noticeDismissed } = this.state;
    if (stopped) {
      return (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>
              <Say id="frame.stopped" />
            </MessageBarTitle>
            {lastError}
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={this.props.reload ?? (() => location.reload())}>
              <Say id="frame.reload" />
            </Button>
          </MessageBarActions>
        </MessageBar>
      );
    }
    if (failed) return null;
    return (
      <>
        {restartedAt.length > 0 && !noticeDismissed && (
          <MessageBar intent="warning" layout="multiline">
            <MessageBarBody>
              <MessageBarTitle>
                <Say id="frame.restarted" />
              </MessageBarTitle>
              {lastError}
            </MessageBarBody>
            <MessageBarActions>
              <Button onClick={() => this.setState({ noticeDismissed: true })}>
                <Say id="frame.dismiss" />
              </Button>
            </MessageBarActions>
          </MessageBar>
        )}
        {/* A new key mounts the views, and their statecharts, afresh. */}
        <Fragment key={generation}>{this.props.children}</Fragment>
      </>
    );
  }
}
