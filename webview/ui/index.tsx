// The only place that imports @vscode/webview-ui-toolkit (archived upstream): swapping it later touches this folder only.
import { VSCodeButton } from '@vscode/webview-ui-toolkit/react';
import React from 'react';

export interface ButtonProps {
  children?: React.ReactNode;
  onClick?: () => void;
  title?: string;
  disabled?: boolean;
  appearance?: 'primary' | 'secondary' | 'icon';
  'aria-label'?: string;
  'data-action'?: string;
}

export function Button({ children, onClick, title, disabled, appearance = 'secondary', ...rest }: ButtonProps) {
  return (
    <VSCodeButton appearance={appearance} title={title} disabled={disabled} onClick={disabled ? undefined : onClick} {...rest}>
      {children}
    </VSCodeButton>
  );
}
