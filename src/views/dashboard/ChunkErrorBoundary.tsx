import { Component, type ReactNode } from 'react';

/** Shows a failed lazy chunk ('Loading chunk failed') in place of the part that could not load. */
export class ChunkErrorBoundary extends Component<
  { children: ReactNode; fallback: (message: string) => ReactNode },
  { error: Error | undefined }
> {
  state: { error: Error | undefined } = { error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  render() {
    return this.state.error ? this.props.fallback(this.state.error.message) : this.props.children;
  }
}
