import { CloseOutlined, FileOutlined, HomeOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useStore } from '../store/createStore';
import { sessionStore } from '../store/session';
import { addView, closeAll, closeOthers, closeView, type TagView, tagsStore } from '../store/tags';

/** The open tags of this browser tab, kept for a refresh (sessionStorage: one tab, one signed-in session). */
const TAGS_KEY = 'kp_tags';
const sessionMark = () => sessionStore.get().token.slice(-12);
const isTag = (v: unknown): v is TagView =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as TagView).path === 'string' &&
  typeof (v as TagView).fullPath === 'string' &&
  (v as TagView).fullPath.startsWith('/') &&
  !(v as TagView).fullPath.startsWith('//') &&
  typeof (v as TagView).title === 'string';

let restored = false;
/** Puts back the tags saved before a refresh of this tab (only those of the same session). */
export function restoreTags(): void {
  if (restored) return;
  restored = true;
  try {
    const saved = JSON.parse(globalThis.sessionStorage?.getItem(TAGS_KEY) ?? 'null') as {
      mark?: string;
      views?: unknown[];
    } | null;
    if (!saved || saved.mark !== sessionMark() || !Array.isArray(saved.views)) return;
    const views = saved.views.filter(isTag).slice(0, 50);
    tagsStore.set((now) => views.reduce((acc, v) => addView(acc, v), now));
  } catch {
    /* storage unavailable or not ours */
  }
}

function saveTags(): void {
  try {
    globalThis.sessionStorage?.setItem(
      TAGS_KEY,
      JSON.stringify({ mark: sessionMark(), views: tagsStore.get() }),
    );
  } catch {
    /* storage unavailable */
  }
}

export function tagTitle(v: TagView, t: (k: string) => string): string {
  return v.titleKey ? t(v.titleKey) : v.title;
}

/** The tag bar of visited pages with its right-click menu and scroll buttons (spec 1 §2.4). */
export function TagsView({ showIcon }: { showIcon: boolean }) {
  const { t } = useTranslation();
  const tags = useStore(tagsStore);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const scroller = useRef<HTMLDivElement>(null);
  const [menuFor, setMenuFor] = useState<TagView | null>(null);
  // restored before the layout adds the current page (a child's effects run before its parent's)
  useEffect(() => {
    restoreTags();
    saveTags();
    return tagsStore.subscribe(saveTags);
  }, []);

  const close = (v: TagView) => {
    const r = closeView(tagsStore.get(), v.path, pathname);
    tagsStore.set(r.views);
    if (r.navigateTo) navigate(r.navigateTo);
  };
  const scroll = (dx: number) => scroller.current?.scrollBy({ left: dx, behavior: 'smooth' });

  const items: MenuProps['items'] = [
    { key: 'refresh', label: t('tags.refresh') },
    { key: 'close', label: t('tags.close'), disabled: Boolean(menuFor?.affix) },
    { key: 'closeOthers', label: t('tags.closeOthers') },
    { key: 'closeAll', label: t('tags.closeAll') },
  ];
  const onMenu: MenuProps['onClick'] = ({ key }) => {
    const v = menuFor;
    if (!v) return;
    if (key === 'refresh') navigate(`/redirect${v.fullPath}`, { replace: true });
    else if (key === 'close') close(v);
    else if (key === 'closeOthers') {
      tagsStore.set(closeOthers(tagsStore.get(), v.path));
      if (v.path !== pathname) navigate(v.fullPath);
    } else if (key === 'closeAll') {
      const r = closeAll(tagsStore.get(), pathname);
      tagsStore.set(r.views);
      if (r.navigateTo) navigate(r.navigateTo);
    }
  };

  return (
    <div className="kp-tags" data-testid="tags-view">
      <button type="button" className="kp-tags-btn" aria-label={t('tags.prev')} onClick={() => scroll(-200)}>
        <LeftOutlined />
      </button>
      <Dropdown menu={{ items, onClick: onMenu }} trigger={['contextMenu']}>
        <div className="kp-tags-scroll" ref={scroller}>
          {tags.map((v) => (
            // biome-ignore lint/a11y/useSemanticElements: a tab with an inner close button cannot be a <button>
            <div
              key={v.path}
              role="button"
              tabIndex={0}
              className={`kp-tag${v.path === pathname ? ' active' : ''}`}
              onClick={() => navigate(v.fullPath)}
              onKeyDown={(e) => e.key === 'Enter' && navigate(v.fullPath)}
              onContextMenu={() => setMenuFor(v)}
              data-path={v.path}
            >
              {showIcon && (v.affix ? <HomeOutlined /> : <FileOutlined />)}
              <span>{tagTitle(v, t)}</span>
              {!v.affix && (
                <CloseOutlined
                  className="kp-tag-close"
                  aria-label={t('tags.close')}
                  onClick={(e) => {
                    e.stopPropagation();
                    close(v);
                  }}
                />
              )}
            </div>
          ))}
        </div>
      </Dropdown>
      <button type="button" className="kp-tags-btn" aria-label={t('tags.next')} onClick={() => scroll(200)}>
        <RightOutlined />
      </button>
    </div>
  );
}
