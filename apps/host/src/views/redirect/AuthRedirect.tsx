import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { redirectTarget } from '../../router/guard';
import { getToken } from '../../store/session';

/**
 * /auth-redirect and /jump: continue to `redirect` when this browser already has a session, else to
 * the login page (which returns there). A token in the query is NOT taken any more: a link carrying
 * someone's token would sign the visitor in as that someone (login CSRF), and a token in a URL ends up
 * in logs and history. Single sign-on goes through the login page.
 */
export default function AuthRedirect() {
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const target = redirectTarget(search);
    navigate(getToken() ? target : `/login?redirect=${encodeURIComponent(target)}`, { replace: true });
  }, [search, navigate]);
  return null;
}
