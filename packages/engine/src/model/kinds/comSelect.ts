// Organisation picker (组织选择): a path of organisation ids (paths when `multiple`); names from the org table.
import { base, defineKind, pathOrPaths } from './kind';

export default defineKind({
  ...base.structured,
  key: 'comSelect',
  conditionType: 'list',
  shape: pathOrPaths,
  names: 'org',
});
