// Around each panel's app: a render error (a host reply of an unexpected shape, a bug) shows what happened and a
// Reload button instead of a blank panel. Reload builds the app again, which sends `ready`, so the host sends
// everything the panel shows once more.
import React from 'react';

interface Props {
  /** What the panel is called in the message ("The sample viewer stopped"). */
  panel: string;
  children: React.ReactNode;
}

interface State {
  error: Error | null;
  /** Bumped by Reload: a new key mounts a new app. */
  generation: number;
}

export class ErrorBoundary extends React.Component<Props, State> {
  override state: State = { error: null, generation: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  private readonly reload = () => this.setState((s) => ({ error: null, generation: s.generation + 1 }));

  override render(): React.ReactNode {
    const { error, generation } = this.state;
    if (!error) return <React.Fragment key={generation}>{this.props.children}</React.Fragment>;
    return (
      <main className="panel-crash" data-role="panel-crash" role="alert">
        <h2>{this.props.panel} stopped on an unexpected error</h2>
        <p className="panel-crash-message" data-role="crash-message">
          {error.message || error.name}
        </p>
        <p>
          Reload builds the panel again and asks VS Code for what it shows. If the error comes back, the GST-Bench output channel has the
          host&apos;s side.
        </p>
        <button type="button" data-action="reload" onClick={this.reload}>
          Reload
        </button>
      </main>
    );
  }
}
