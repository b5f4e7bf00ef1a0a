import { dropUnsentKeyCall, getCurrentUser, lockScreenCall, logoutCall, unsentKeyCall } from '../api/auth';
import { toastError } from '../api/feedback';
import { ApiError, setSessionGoneHandler } from '../api/http';
import { ERROR_MSG_SECONDS } from '../config';
import i18n from '../i18n';
import { resetCounts } from '../store/counts';
import { resetSession, sessionStore, setCurrentUser, setLocked } from '../store/session';
import { storage } from '../store/storage';
import { tagsStore } from '../store/tags';
import { dropAllUnsent, setUnsentKey, sweepUnsent } from '../store/unsent';
import { viewVersionStore } from '../store/viewCache';
import { startMediaCodes, stopMediaCodes } from './downloadCodes';
import { currentFullPath, navigateTo } from './navigation';
import { closeSocket } from './socket';

export { loginFlags } from './loginFlags';

let loading: Promise<void> | null = null;

/**
 * The key input kept in this browser is sealed with (store/unsent): the server hands it to the signed-in user's
 * unlocked sessions only, so a locked screen (it is refused then) keeps nothing and offers nothing.
 */
export async function loadUnsentKey(): Promise<void> {
  const key = await unsentKeyCall().then(
    (r) => r.data?.key ?? null,
    () => null,
  );
  setUnsentKey(key);
}

/**
 * First entry after login (spec 1 §2.3): fetch the user info; the routes are then built from its menu.
 * On failure: reset the token, show the error text (or Has Error) and go to login with a redirect.
 */
export function loadCurrentUser(): Promise<void> {
  if (loading) return loading;
  const wanted = currentFullPath();
  loading = getCurrentUser()
    .then(async (res) => {
      if (!res.data) throw new Error(i18n.t('common.verifyFailed'));
      if (!res.data.menuList?.length) throw new Error(i18n.t('common.noPermission'));
      // The route builder (with @kp/engine) is loaded here, after login, not with the login page.
      const { toMenuRoutes } = await import('../router/menuRoutes');
      // images and previews of the pages need a media code (never the token) in their addresses
      await startMediaCodes();
      // input kept in this browser: this user's key; another user's input and what nobody came back for go
      await loadUnsentKey();
      sweepUnsent(res.data.userInfo.userId);
      setCurrentUser(res.data, toMenuRoutes(res.data.menuList, sessionStore.get().token));
    })
    .catch((e: unknown) => {
      const text = e instanceof ApiError || e instanceof Error ? e.message : '';
      clearLocalSession();
      toastError(text || i18n.t('common.hasError'), ERROR_MSG_SECONDS);
      navigateTo(`/login?redirect=${encodeURIComponent(wanted)}`, true);
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** Clears token, menu, user info, permissions, caches and tabs. */
export function clearLocalSession(loggedOut = false): void {
  setUnsentKey(null);
  closeSocket();
  stopMediaCodes();
  resetSession(loggedOut);
  resetCounts();
  tagsStore.set([]);
  viewVersionStore.set({});
}

/** Logout (after the confirmation): call the server, clear everything, go to /login. */
export async function logout(): Promise<void> {
  // A chosen logout leaves nothing typed behind in this browser for the next person (an ended session keeps it).
  dropAllUnsent(sessionStore.get().userInfo?.userId ?? '');
  // ...and its key is replaced: a copy of the storage taken before is unreadable from now on
  await dropUnsentKeyCall().catch(() => null);
  // Close the socket first: the server pushes "logout" to it when the session ends.
  closeSocket();
  try {
    await logoutCall();
  } catch {
    /* the local session ends anyway */
  }
  clearLocalSession(true);
  navigateTo('/login', true);
}

/** Lock: call LockScreen, store the flag 1, go to /lockScreen. */
export async function lockScreen(): Promise<void> {
  storage.set('lockReturn', currentFullPath());
  await lockScreenCall();
  setUnsentKey(null);
  setLocked(true);
  navigateTo('/lockScreen', true);
}

/** Codes 600/601/602 on any call but login and lock screen: reset the token and go to login. */
export function sessionGone(): void {
  if (!sessionStore.get().token) return;
  const wanted = currentFullPath();
  clearLocalSession();
  navigateTo(`/login?redirect=${encodeURIComponent(wanted)}`, true);
}
setSessionGoneHandler(sessionGone);
