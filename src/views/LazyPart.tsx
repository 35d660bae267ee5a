// A part of the page the first paint does not need (issue 12), in its own chunk: a spinner while it
// downloads, 'Loading chunk failed' in its place if it never arrives (SPEC §8).
import { MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { Suspense, type ReactNode } from 'react';
import { ChunkErrorBoundary } from './dashboard/ChunkErrorBoundary.tsx';

/** `fallback`: what stands in while it downloads (a small spinner with `label` unless given). */
export function LazyPart({ label, fallback, children }: { label: string; fallback?: ReactNode; children: ReactNode }) {
  return (
    <ChunkErrorBoundary
      fallback={(message) => (
        <MessageBar intent="error">
          <MessageBarBody>{message}</MessageBarBody>
        </MessageBar>
      )}
    >
      <Suspense fallback={fallback ?? <Spinner size="small" label={label} />}>{children}</Suspense>
    </ChunkErrorBoundary>
  );
}
