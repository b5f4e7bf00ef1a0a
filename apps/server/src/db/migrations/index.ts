import type { Migration } from 'kysely';
import * as m0001 from './0001-core';

/**
 * Every migration, in order. Forward-only: never edit or remove a shipped entry; append a new file
 * `NNNN-what.ts` exporting `up(db)` and add it here. Keys sort as strings, so keep the 4-digit prefix.
 */
export const migrations: Record<string, Migration> = {
  '0001-core': m0001,
  '0002-table-change-notify': await import('./0002-table-change-notify'),
  '0010-permission-admin': await import('./0010-permission-admin'),
  '0011-user-list-index': await import('./0011-user-list-index'),
  '0050-messaging': await import('./0050-messaging'),
  '0090-system-data': await import('./0090-system-data'),
  '0091-area': await import('./0091-area'),
  '0092-meeting': await import('./0092-meeting'),
  '0093-data-interface': await import('./0093-data-interface'),
  '0095-workflow': await import('./0095-workflow'),
  '0096-workflow-print': await import('./0096-workflow-print'),
  '0100-visualdev': await import('./0100-visualdev'),
  '0101-print-dev': await import('./0101-print-dev'),
  '0105-document': await import('./0105-document'),
  '0110-workflow-todo-cover': await import('./0110-workflow-todo-cover'),
  '0120-auth-hardening': await import('./0120-auth-hardening'),
  '0121-download-code-reuse': await import('./0121-download-code-reuse'),
  '0125-file-chunks': await import('./0125-file-chunks'),
  '0140-flow-sim-cases': await import('./0140-flow-sim-cases'),
  '0145-workflow-todo-counts': await import('./0145-workflow-todo-counts'),
  '0155-project': await import('./0155-project'),
  '0156-login-channels': await import('./0156-login-channels'),
  '0170-menu-labels': await import('./0170-menu-labels'),
  '0171-portal-labels': await import('./0171-portal-labels'),
  '0172-leave-form-labels': await import('./0172-leave-form-labels'),
  '0173-flow-labels': await import('./0173-flow-labels'),
  '0174-dictionary-labels': await import('./0174-dictionary-labels'),
  '0175-meeting-room-labels': await import('./0175-meeting-room-labels'),
  '0180-flow-form-versions': await import('./0180-flow-form-versions'),
  '0181-quiet-login-bookkeeping': await import('./0181-quiet-login-bookkeeping'),
  '0182-task-title-parts': await import('./0182-task-title-parts'),
  '0183-org-and-copy-labels': await import('./0183-org-and-copy-labels'),
  '0184-taiwan-words': await import('./0184-taiwan-words'),
  '0185-flow-snapshots': await import('./0185-flow-snapshots'),
  '0186-unread-counts': await import('./0186-unread-counts'),
  '0187-file-links': await import('./0187-file-links'),
  '0188-unique-email': await import('./0188-unique-email'),
  '0189-bound-codes': await import('./0189-bound-codes'),
  '0191-monitor-buttons': await import('./0191-monitor-buttons'),
  '0192-unsent-keys': await import('./0192-unsent-keys'),
};
