import { Component, type ReactNode } from 'react';

interface ChartBoundaryProps {
  /** Shown when the chart cannot load or draw, e.g. its chunk failed to download. */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Keeps a chart failure inside its card, e.g. when its chunk failed to download: the
 * numbers beside it (summary, table, export) stay readable and usable.
 */
export class ChartBoundary extends Component<ChartBoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
