import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Shows the unknown-error toast (spec part 1 §8: a framework error). */
  onError: (error: unknown) => void;
  children: ReactNode;
}

interface State {
  failedAt: number | null;
}

/**
 * Catches render errors, shows the unknown-error toast and renders the tree again on the next
 * navigation, so one broken widget does not leave the window blank. Both apps use it: the desktop
 * around its routes, the family web around the page inside its shell (navigation stays usable).
 */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { failedAt: null };

  static getDerivedStateFromError(): State {
    return { failedAt: Date.now() };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    this.props.onError(error);
  }

  override componentDidMount(): void {
    window.addEventListener('popstate', this.reset);
  }

  override componentWillUnmount(): void {
    window.removeEventListener('popstate', this.reset);
  }

  private reset = () => {
    if (this.state.failedAt !== null) this.setState({ failedAt: null });
  };

  override render(): ReactNode {
    return this.state.failedAt === null ? this.props.children : null;
  }
}
