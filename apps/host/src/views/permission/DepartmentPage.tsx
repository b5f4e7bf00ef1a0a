import { OrganizeView } from './Organize';

export default function DepartmentPage() {
  return <OrganizeView mode="department" />;
}
