/**
 * Shows `fallback` instead of children that threw while rendering: a lazy chunk (the map) that
 * could not load offline, or a map the device cannot draw, leaves the page usable.
 */
import { Component, type ReactNode } from 'react';

export class FallbackBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };
  static getDerivedStateFromError() {
    return { hasFailed: true };
  }
  override render() {
    return this.state.hasFailed ? this.props.fallback : this.props.children;
  }
}
