import { Component, type ReactNode } from 'react';

interface Props {
  /** What to show instead of the crashed part; `reset` renders the children again. */
  fallback: (reset: () => void) => ReactNode;
  children: ReactNode;
}

/**
 * Keeps a crash inside one part of the screen (a header widget, a popup): the rest of the page stays usable
 * (reliability issue "Broken servers": never a blank page). Route-level crashes go to the route error view instead.
 */
export class PartBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown): void {
    console.error('Часть страницы не показана из-за ошибки', error);
  }

  private reset = () => this.setState({ failed: false });

  render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.reset) : this.props.children;
  }
}
