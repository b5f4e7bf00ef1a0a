import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { SUCCESS_MSG_SECONDS } from '../config';
import { type ComponentSizeName, setSetting } from '../store/settings';

/** Where a refresh of the view at `pathname` + `search` goes (spec 1 §2.1: /redirect/{fullPath}); null on the helper itself. */
export function refreshPath(pathname: string, search: string): string | null {
  return pathname.startsWith('/redirect/') ? null : `/redirect${pathname}${search}`;
}

/**
 * The size switcher's action (spec 4 §4): stores the size, says Switch Size Success and refreshes the
 * current view, as the tags' refresh does.
 */
export function useSwitchSize(): (size: ComponentSizeName) => void {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (size) => {
    setSetting('size', size);
    message.success(t('size.switched'), SUCCESS_MSG_SECONDS);
    const to = refreshPath(pathname, search);
    if (to) navigate(to, { replace: true });
  };
}
