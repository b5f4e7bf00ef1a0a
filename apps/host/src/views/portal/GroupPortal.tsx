import PortalPage from './PortalView';

/** /portal: the group portal under the portal layout (spec 1 §2.1). */
export default function GroupPortal() {
  return <PortalPage group />;
}
