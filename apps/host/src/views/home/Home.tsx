import PortalPage from '../portal/PortalView';

/** /home: the caller's portal with its widgets (spec 1 §2.6). */
export default function Home() {
  return <PortalPage />;
}
