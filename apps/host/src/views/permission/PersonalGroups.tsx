import Group from './Group';

/** /group (spec 1 §2.1): the caller's personal groups, reached from the user-by-department picker. */
export default function PersonalGroups() {
  return <Group personal />;
}
