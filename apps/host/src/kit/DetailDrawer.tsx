import { Alert, Descriptions, Drawer, Spin } from 'antd';
import type { ReactNode } from 'react';
import { http } from '../api/http';
import { errText } from '../views/permission/common';
import { useLoad } from './useLoad';

/** What GET `url` answers (null while closed), through the host's one loading hook; a refusal as its msg. */
export function useRecord<T>(url: string | null): { data: T | null; error: string | null; loading: boolean } {
  const { data, error, loading } = useLoad<T | null>(
    async () => (url ? (await http.get<T>(url, undefined, { silent: true })).data : null),
    [url],
    null,
  );
  const busy = !!url && loading;
  return { data: busy || error ? null : data, error: error ? errText(error) : null, loading: busy };
}

/** One line of a detail view: the record's `key`, shown as is or through `render`. */
export interface DetailField<T> {
  key: keyof T & string;
  /** The line's own id when two lines show parts of one key (default: `key`). */
  id?: string;
  label: ReactNode;
  render?: (value: T[keyof T], row: T) => ReactNode;
}

/**
 * A read-only detail of one record (spec 4 §3: the detail views of dictionaries, areas and the call log):
 * the record GET `url` answers, field by field, in a drawer; the server's msg when it refuses. Closed
 * while `url` is null.
 */
export function DetailDrawer<T extends object>({
  url,
  title,
  fields,
  onClose,
  testId = 'detail',
}: {
  url: string | null;
  title: ReactNode;
  fields: DetailField<T>[];
  onClose: () => void;
  testId?: string;
}) {
  const { data, error, loading } = useRecord<T>(url);
  return (
    <Drawer open={!!url} size={480} title={title} onClose={onClose} destroyOnHidden>
      <div data-testid={testId}>
        {error ? <Alert type="error" showIcon title={error} /> : null}
        {loading ? <Spin /> : null}
        {data ? (
          <Descriptions
            bordered
            size="small"
            column={1}
            items={fields.map((f) => {
              const v = data[f.key];
              return {
                key: f.id ?? f.key,
                label: f.label,
                children: f.render ? f.render(v, data) : v == null ? '' : String(v),
              };
            })}
          />
        ) : null}
      </div>
    </Drawer>
  );
}
