import type { StreamCaps } from './admission.ts';
import type { PositionBudget } from './position-lane.ts';

export interface StreamHubOptions extends StreamCaps {
  channel: string;
  /** Frames kept in memory for resuming clients without a database read. */
  ringSize: number;
  /** Events kept in the database; a client further behind gets a fresh snapshot. */
  retainEvents: number;
  /** A client resuming further behind the head than this gets a fresh snapshot instead of a replay. */
  maxReplayEvents: number;
  /**
   * Unsent bytes a client may hold. Nothing more is written to it until its socket drains; one that
   * stays over it for several checks in a row is dropped and resumes by id on reconnect.
   */
  maxClientBufferBytes: number;
  pingIntervalMs: number;
  /** Safety net beside NOTIFY: the hub also looks for new events this often. */
  pollIntervalMs: number;
  snapshotAlerts: number;
  /** What each connection may carry of `gps` frames (issue 48): alerts always go first. */
  positionBudget: PositionBudget;
}
