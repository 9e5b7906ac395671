import { Component, type ReactNode } from 'react';
import { SectionError } from './section-error';

interface SectionBoundaryProps {
  children: ReactNode;
  onDark?: boolean;
}

/**
 * Keeps a failing part of a page (typically a lazily loaded chunk that could not be fetched) from
 * taking the whole page down. A chunk that failed once stays failed in this tab, so "Try again"
 * reloads the page.
 */
export class SectionBoundary extends Component<SectionBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) return <SectionError onDark={this.props.onDark} onRetry={() => window.location.reload()} />;
    return this.props.children;
  }
}
