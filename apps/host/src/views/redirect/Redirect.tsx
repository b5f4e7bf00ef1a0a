import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { bumpView } from '../../store/viewCache';

/** /redirect/{fullPath}: refreshes a cached view (drops it, then goes back to it). */
export default function Redirect() {
  const params = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const path = `/${params['*'] ?? ''}`;
    bumpView(path);
    navigate(path + search, { replace: true });
  }, [params, search, navigate]);
  return null;
}
