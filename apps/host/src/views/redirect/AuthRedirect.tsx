import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { redirectTarget } from '../../router/guard';
import { setToken } from '../../store/session';

/** /auth-redirect and /jump: take a token from the query (single sign-on) and continue to redirect. */
export default function AuthRedirect() {
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const token = new URLSearchParams(search).get('token');
    if (token) setToken(token);
    navigate(token ? redirectTarget(search) : '/login', { replace: true });
  }, [search, navigate]);
  return null;
}
