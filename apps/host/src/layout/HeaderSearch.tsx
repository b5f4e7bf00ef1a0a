import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createMenuSearch, type SearchEntry } from './menuSearch';

/** Header search: fuzzy search of visible menu entries; picking one navigates to it. */
export function HeaderSearch({
  entries,
  onPick,
}: {
  entries: SearchEntry[];
  onPick: (path: string) => void;
}) {
  const { t } = useTranslation();
  const search = useMemo(() => createMenuSearch(entries), [entries]);
  const [q, setQ] = useState('');
  const results = search(q).slice(0, 20);
  return (
    <AutoComplete
      className="kp-search"
      value={q}
      onChange={setQ}
      options={results.map((r) => ({ value: r.path, label: `${r.title}  ${r.path}` }))}
      onSelect={(path: string) => {
        setQ('');
        onPick(path);
      }}
      // Enter picks the first match without arrowing down to it
      defaultActiveFirstOption
      notFoundContent={q ? t('nav.searchEmpty') : null}
      popupMatchSelectWidth={260}
    >
      <Input
        size="small"
        prefix={<SearchOutlined />}
        placeholder={t('nav.search')}
        allowClear
        data-testid="header-search"
      />
    </AutoComplete>
  );
}
