import { Button } from '@arco-design/web-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { i18n } from '../i18n';
import { addErrorLog, errorLogEnabled } from '../stores/errorLog';
import { StatusResult } from './StatusResult';

interface State { error: Error | null }

/** Keeps one broken page from taking the shell down; the error goes to the error log. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    if (errorLogEnabled) {
      addErrorLog({ error: { message: error.message, stack: error.stack }, component: info.componentStack ?? undefined, info: 'render' });
    } else {
      console.error(error, info.componentStack);
    }
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <StatusResult
        status="error"
        title={i18n.t('error.boundary')}
        subTitle={this.state.error.message}
        extra={<Button type="primary" onClick={() => this.setState({ error: null })}>{i18n.t('error.reload')}</Button>}
      />
    );
  }
}
